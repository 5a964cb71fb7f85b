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
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { AccessTokenClaims, SupportActionEventData } from '@zunft/contracts';
import { concatMap, type Observable } from 'rxjs';
import {
  DataSource,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { enqueueEvent } from '../events/enqueue-event.js';
import { hasEnqueuedEvent } from '../events/outbox-signal.js';
import { currentRequest, currentRequestId } from '../http/request-context.js';

/** A change made in a support (super-admin) session, as the audit trail records it. */
export interface SupportAction extends SupportActionEventData {
  companyId: string;
}

/** Where a service puts its support actions: auth writes its audit trail, the others publish an event. */
export interface SupportActionSink {
  /**
   * After the handler (a successful write). `recordedInTransaction`: the sink recorded this request's
   * change in the transaction that made it (operations and billing, `OutboxSupportActionSink`).
   */
  record(action: SupportAction, recordedInTransaction?: boolean): Promise<void>;
}
export const SUPPORT_ACTION_SINK = Symbol('SUPPORT_ACTION_SINK');

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A support session's write being handled: the action as the trail will show it (its status is the
 * route's, `@HttpCode` or Nest's default, known before the handler runs), set by the interceptor
 * before the handler so that a sink can record it inside the write's own transaction.
 */
interface PendingSupportWrite {
  action: SupportAction;
  /** The transaction that carries the record and has not committed yet. */
  carriedBy: QueryRunner | null;
  /** Recorded in a transaction that committed: nothing more to record after the handler. */
  committed: boolean;
}
const pendingWrites = new WeakMap<object, PendingSupportWrite>();

/**
 * Every successful write (POST/PUT/PATCH/DELETE answered without error) of a request whose access
 * token is a super-admin's (`isSuperAdmin`, the «Support» session) goes to the service's
 * `SupportActionSink` (issue 25). Reads are not recorded; a failed write changed nothing. The sinks
 * record it in the write's own transaction (auth's AuditLogService, `OutboxSupportActionSink`);
 * only a write without a transaction is recorded after the handler, before the answer is sent
 * (a failing sink is logged).
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
    const user = request.user;
    if (!user?.isSuperAdmin) return next.handle();
    const routeStatus = Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined;
    const pending: PendingSupportWrite = {
      action: {
        companyId: user.companyId,
        userId: user.userId,
        method: request.method as SupportAction['method'],
        path: (request.originalUrl ?? request.url).split('?')[0]!.slice(0, 500),
        status: routeStatus ?? (request.method === 'POST' ? 201 : 200),
        requestId: currentRequestId(),
        occurredAt: new Date().toISOString(),
      },
      carriedBy: null,
      committed: false,
    };
    pendingWrites.set(request, pending);
    return next.handle().pipe(
      concatMap(async (value: unknown) => {
        const action: SupportAction = {
          ...pending.action,
          status: http.getResponse<{ statusCode: number }>().statusCode,
          occurredAt: new Date().toISOString(),
        };
        // recorded before the answer goes out (one insert, support sessions only) unless the sink
        // recorded it in the write's transaction already; a failure is logged and does not undo
        // the change that already happened
        await this.sink.record(action, pending.committed).catch((error: unknown) => {
          this.logger.error({ msg: 'support action not recorded', path: action.path, error: (error as Error).message });
        });
        return value;
      }),
    );
  }
}

/**
 * The sink of operations and billing: `<service>.support.action-performed` through the outbox, in
 * the transaction that makes the change (issue 25, as auth records its own): a TypeORM subscriber
 * (beforeTransactionCommit) on the service's DataSource writes the outbox row with the committing
 * transaction's manager, so the change and its audit event commit or roll back together and a
 * process dying after the commit cannot lose the line. Once per request: the first committing
 * transaction that enqueued a domain event carries it (every change publishes one, see
 * `enqueueEvent`; a savepoint's release does not count; a COMMIT that fails leaves it to the next
 * one). A write without such a transaction is recorded after the handler, outside any
 * transaction, as before.
 */
export class OutboxSupportActionSink implements SupportActionSink, EntitySubscriberInterface {
  constructor(
    private readonly dataSource: DataSource,
    private readonly type: 'operations.support.action-performed' | 'billing.support.action-performed',
  ) {
    dataSource.subscribers.push(this);
  }

  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const request = currentRequest();
    const pending = request ? pendingWrites.get(request) : undefined;
    if (!pending || pending.committed || pending.carriedBy || isSavepoint(event.queryRunner)) return;
    // the transaction that publishes a domain event is the change; one that only fills a cache
    // (billing's directory read-through) is not
    if (!hasEnqueuedEvent(event.queryRunner)) return;
    await this.enqueue(event.manager, pending.action);
    pending.carriedBy = event.queryRunner;
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const pending = this.carriedBy(event.queryRunner);
    if (pending && !event.queryRunner.isTransactionActive) pending.committed = true;
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const pending = this.carriedBy(event.queryRunner);
    if (pending && !event.queryRunner.isTransactionActive) pending.carriedBy = null;
  }

  async record(action: SupportAction, recordedInTransaction = false): Promise<void> {
    if (recordedInTransaction) return;
    await this.enqueue(this.dataSource.manager, action);
  }

  private carriedBy(queryRunner: QueryRunner): PendingSupportWrite | undefined {
    const request = currentRequest();
    const pending = request ? pendingWrites.get(request) : undefined;
    return pending?.carriedBy === queryRunner ? pending : undefined;
  }

  private async enqueue(manager: DataSource['manager'], { companyId, ...data }: SupportAction): Promise<void> {
    await enqueueEvent(manager, {
      type: this.type,
      companyId,
      actorId: data.userId,
      requestId: data.requestId,
      data,
    });
  }
}

/** A nested transaction's commit (RELEASE SAVEPOINT) fires beforeTransactionCommit too. */
function isSavepoint(queryRunner: QueryRunner): boolean {
  return ((queryRunner as unknown as { transactionDepth?: number }).transactionDepth ?? 1) > 1;
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
