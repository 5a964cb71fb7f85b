import { Injectable } from '@nestjs/common';
import type {
  AccessTokenClaims,
  AccountantExportEventData,
  AuditEntryDto,
  AuditLogQuery,
  AuditLogResponse,
} from '@zunft/contracts';
import { currentRequest, currentRequestId, type SupportAction, type SupportActionSink } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager, type EntitySubscriberInterface, type TransactionCommitEvent } from 'typeorm';
import type { AuditLogEntity } from './audit-log.entity.js';
import { AuditLogRepository } from './audit-log.repository.js';

const toDto = (e: AuditLogEntity): AuditEntryDto => ({
  id: e.id,
  occurredAt: e.occurredAt.toISOString(),
  actor: e.actor,
  action: e.action as AuditEntryDto['action'],
  service: e.service as AuditEntryDto['service'],
  method: e.method,
  path: e.path,
  status: e.status,
  userId: e.userId,
  expiresAt: e.expiresAt ? e.expiresAt.toISOString() : null,
  requestId: e.requestId,
});

/**
 * The audit trail of support access (issue 25): a support session's start (super-admin login) and
 * end (its logout), and its changes — auth's own directly (it is the sink of auth's
 * SupportActionsInterceptor), operations' and billing's from their `*.support.action-performed`
 * events. The company's admin reads it; every line says «Support».
 */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the subscriber reads of the HTTP request in the request context. */
interface SupportRequest {
  method: string;
  originalUrl?: string;
  url: string;
  user?: { isSuperAdmin?: boolean; companyId: string; userId: string };
  res?: { statusCode: number };
}

@Injectable()
export class AuditLogService implements SupportActionSink, EntitySubscriberInterface {
  /** Requests of a support session whose change was recorded in their own transaction: the line's id. */
  private readonly recordedInTransaction = new WeakMap<object, { id: string; status: number }>();

  constructor(
    private readonly repo: AuditLogRepository,
    dataSource: DataSource,
  ) {
    // a TypeORM subscriber (beforeTransactionCommit) on auth's DataSource
    dataSource.subscribers.push(this);
  }

  /**
   * A support session's write in auth is recorded in the transaction that makes the change (issue
   * 25): the line commits or rolls back with it, so a process that dies after the commit cannot lose
   * it. Once per request (its first committing transaction); the answer's status follows in `record`
   * (until then the line carries the method's default, 201 for POST, else 200).
   */
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const request = currentRequest() as SupportRequest | null;
    if (!request || !WRITES.has(request.method) || !request.user?.isSuperAdmin) return;
    if (this.recordedInTransaction.has(request)) return;
    const id = randomUUID();
    const status = request.method === 'POST' ? 201 : 200;
    await this.repo.insert(
      {
        id,
        companyId: request.user.companyId,
        occurredAt: new Date(),
        action: 'support.change',
        service: 'auth',
        method: request.method,
        path: (request.originalUrl ?? request.url).split('?')[0]!.slice(0, 500),
        status,
        userId: request.user.userId,
        expiresAt: null,
        requestId: currentRequestId(),
        sourceEventId: null,
      },
      event.manager,
    );
    this.recordedInTransaction.set(request, { id, status });
  }

  sessionStarted(m: EntityManager, companyId: string, userId: string, expiresAt: Date): Promise<void> {
    return this.repo.insert(
      {
        companyId,
        occurredAt: new Date(),
        action: 'support.session-started',
        service: 'auth',
        method: null,
        path: null,
        status: null,
        userId,
        expiresAt,
        requestId: currentRequestId(),
        sourceEventId: null,
      },
      m,
    );
  }

  /**
   * A fiduciary (role accountant, issue 26) signed in: their (read-only) access to the company is
   * logged in the same trail, so the admin sees when the Treuhänder looked in.
   */
  accountantSignedIn(
    m: EntityManager,
    companyId: string,
    userId: string,
    how: 'signed-in' | 'switched' = 'signed-in',
  ): Promise<void> {
    return this.repo.insert(
      {
        actor: 'accountant',
        companyId,
        occurredAt: new Date(),
        // a fiduciary in several companies (issue 26) comes in by switching from another one
        action: how === 'switched' ? 'accountant.company-switched' : 'accountant.session-started',
        service: 'auth',
        method: null,
        path: null,
        status: null,
        userId,
        expiresAt: null,
        requestId: currentRequestId(),
        sourceEventId: null,
      },
      m,
    );
  }

  /**
   * A fiduciary downloaded an export in billing (issue 26, `billing.accountant.export-downloaded`):
   * the line names the path and the format; once per event (`source_event_id`).
   */
  accountantExported(
    m: EntityManager,
    companyId: string,
    data: AccountantExportEventData,
    sourceEventId: string,
  ): Promise<void> {
    return this.repo.insert(
      {
        actor: 'accountant',
        companyId,
        occurredAt: new Date(data.occurredAt),
        action: 'accountant.export',
        service: 'billing',
        method: 'GET',
        path: `${data.path}?format=${data.format}`.slice(0, 500),
        status: 200,
        userId: data.userId,
        expiresAt: null,
        requestId: data.requestId,
        sourceEventId,
      },
      m,
    );
  }

  /** The support session of the admin `userId` was logged out (the user's company is looked up). */
  async sessionEnded(m: EntityManager, userId: string): Promise<void> {
    const companyId = await this.repo.companyOfUser(m, userId);
    if (!companyId) return;
    await this.repo.insert(
      {
        companyId,
        occurredAt: new Date(),
        action: 'support.session-ended',
        service: 'auth',
        method: null,
        path: null,
        status: null,
        userId,
        expiresAt: null,
        requestId: currentRequestId(),
        sourceEventId: null,
      },
      m,
    );
  }

  /** A change in a support session: auth's own (interceptor) or another service's (event, `sourceEventId`). */
  change(
    action: SupportAction,
    service: AuditEntryDto['service'] = 'auth',
    sourceEventId: string | null = null,
    m?: EntityManager,
  ): Promise<void> {
    return this.repo.insert(
      {
        companyId: action.companyId,
        occurredAt: new Date(action.occurredAt),
        action: 'support.change',
        service,
        method: action.method,
        path: action.path,
        status: action.status,
        userId: action.userId,
        expiresAt: null,
        requestId: action.requestId,
        sourceEventId,
      },
      m,
    );
  }

  /**
   * SupportActionSink (after a successful write): a change already recorded in its transaction gets
   * the answer's status; a write that ran no transaction of its own is recorded now.
   */
  async record(action: SupportAction): Promise<void> {
    const request = currentRequest();
    const recorded = request ? this.recordedInTransaction.get(request) : undefined;
    if (!recorded) return this.change(action);
    if (recorded.status !== action.status) await this.repo.setStatus(recorded.id, action.status);
  }

  async list(actor: AccessTokenClaims, query: AuditLogQuery): Promise<AuditLogResponse> {
    const rows = await this.repo.page(actor.companyId, query.limit, query.before ? new Date(query.before) : undefined);
    return { entries: rows.slice(0, query.limit).map(toDto), hasMore: rows.length > query.limit };
  }
}
