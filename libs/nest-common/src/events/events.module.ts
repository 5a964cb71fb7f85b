import { Module, type DynamicModule, type FactoryProvider, type ModuleMetadata, type Provider } from '@nestjs/common';
import { EventsConnection } from './events.connection.js';
import {
  EVENTS_OPTIONS,
  resolveEventsOptions,
  type EventsModuleOptions,
  type ResolvedEventsOptions,
} from './events.options.js';
import { OutboxRelay } from './outbox-relay.js';
import { RpcClient } from './request-reply.js';

export interface EventsModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  inject?: FactoryProvider['inject'];
  useFactory: (...args: never[]) => EventsModuleOptions | Promise<EventsModuleOptions>;
}

/**
 * Domain events over NATS JetStream, global: one NATS connection per app (closed on shutdown),
 * the event stream ensured at startup, and the `OutboxRelay`. Needs `TypeOrmModule.forRoot`
 * (default data source) with `CreateEventTables1763700000000` among its migrations.
 * Consumers are `IdempotentConsumer` subclasses registered as providers in any module; request/reply
 * responders are `RpcResponder` subclasses, callers inject `RpcClient`.
 */
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    return EventsModule.build([{ provide: EVENTS_OPTIONS, useValue: resolveEventsOptions(options) }]);
  }

  static forRootAsync(options: EventsModuleAsyncOptions): DynamicModule {
    const module = EventsModule.build([
      {
        provide: EVENTS_OPTIONS,
        inject: options.inject ?? [],
        useFactory: async (...args: never[]) => resolveEventsOptions(await options.useFactory(...args)),
      },
    ]);
    return { ...module, imports: options.imports ?? [] };
  }

  private static build(optionsProviders: Provider[]): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      providers: [
        ...optionsProviders,
        {
          provide: EventsConnection,
          inject: [EVENTS_OPTIONS],
          useFactory: (options: ResolvedEventsOptions) => EventsConnection.connect(options),
        },
        OutboxRelay,
        RpcClient,
      ],
      exports: [EVENTS_OPTIONS, EventsConnection, OutboxRelay, RpcClient],
    };
  }
}
