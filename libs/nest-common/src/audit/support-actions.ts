import {
  Inject,
  Injectable,
  Logger,
  Module,
  type CallHandler,
  type DynamicModule,
  type ExecutionContext,
  type NestInterceptor,
  type Provider,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { AccessTokenClaims, SupportActionEventData } from '@zunft/contracts';
import { concatMap, type Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { enqueueEvent } from '../events/enqueue-event.js';
import { currentRequestId } from '../http/request-context.js';

/** A change made in a support (super-admin) session, as the audit trail records it. */
export interface SupportAction extends SupportActionEventData {
  companyId: string;
}

/** Where a service puts its support actions: auth writes its audit trail, the others publish an event. */
export interface SupportActionSink {
  record(action: SupportAction): Promise<void>;
}
export const SUPPORT_ACTION_SINK = Symbol('SUPPORT_ACTION_SINK');

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every successful write (POST/PUT/PATCH/DELETE answered without error) of a request whose access
 * token is a super-admin's (`isSuperAdmin`, the «Support» session) goes to the service's
 * `SupportActionSink` (issue 25). Reads are not recorded; a failed write changed nothing. Recorded
 * after the handler, before the answer is sent, outside the request's transaction: a process that
 * dies in between loses that one line (a failing sink is logged).
 */
@Injectable()
export class SupportActionsInterceptor implements NestInterceptor {
  private readonly logger = new Logger('SupportActions');

  constructor(@Inject(SUPPORT_ACTION_SINK) private readonly sink: SupportActionSink) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<{ method: string; originalUrl?: string; url: string; user?: AccessTokenClaims }>();
    if (!WRITES.has(request.method)) return next.handle();
    return next.handle().pipe(
      concatMap(async (value: unknown) => {
        const user = request.user;
        if (!user?.isSuperAdmin) return value;
        const action: SupportAction = {
          companyId: user.companyId,
          userId: user.userId,
          method: request.method as SupportAction['method'],
          path: (request.originalUrl ?? request.url).split('?')[0]!.slice(0, 500),
          status: http.getResponse<{ statusCode: number }>().statusCode,
          requestId: currentRequestId(),
          occurredAt: new Date().toISOString(),
        };
        // recorded before the answer goes out (one insert, support sessions only); a failure is
        // logged and does not undo the change that already happened
        await this.sink.record(action).catch((error: unknown) => {
          this.logger.error({ msg: 'support action not recorded', path: action.path, error: (error as Error).message });
        });
        return value;
      }),
    );
  }
}

/** The sink of operations and billing: `<service>.support.action-performed` through the outbox. */
export class OutboxSupportActionSink implements SupportActionSink {
  constructor(
    private readonly dataSource: DataSource,
    private readonly type: 'operations.support.action-performed' | 'billing.support.action-performed',
  ) {}

  async record({ companyId, ...data }: SupportAction): Promise<void> {
    await enqueueEvent(this.dataSource.manager, {
      type: this.type,
      companyId,
      actorId: data.userId,
      requestId: data.requestId,
      data,
    });
  }
}

/**
 * The interceptor and the sink as providers, for a module of the service: auth's audit module passes
 * `{ provide: SUPPORT_ACTION_SINK, useExisting: <its sink> }`.
 */
export function supportAuditProviders(sink: Provider): Provider[] {
  return [sink, { provide: APP_INTERCEPTOR, useClass: SupportActionsInterceptor }];
}

/** Records support sessions' writes in operations or billing: `SupportAuditModule.forService('operations')`. */
@Module({})
export class SupportAuditModule {
  static forService(service: 'operations' | 'billing'): DynamicModule {
    return {
      module: SupportAuditModule,
      providers: supportAuditProviders({
        provide: SUPPORT_ACTION_SINK,
        inject: [DataSource],
        useFactory: (ds: DataSource) => new OutboxSupportActionSink(ds, `${service}.support.action-performed`),
      }),
    };
  }
}
