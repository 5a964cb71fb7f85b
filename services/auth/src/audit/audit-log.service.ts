import { Injectable } from '@nestjs/common';
import type { AccessTokenClaims, AuditEntryDto, AuditLogQuery, AuditLogResponse } from '@zunft/contracts';
import { currentRequestId, type SupportAction, type SupportActionSink } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
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
@Injectable()
export class AuditLogService implements SupportActionSink {
  constructor(private readonly repo: AuditLogRepository) {}

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
  accountantSignedIn(m: EntityManager, companyId: string, userId: string): Promise<void> {
    return this.repo.insert(
      {
        actor: 'accountant',
        companyId,
        occurredAt: new Date(),
        action: 'accountant.session-started',
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

  /** SupportActionSink: auth's own writes in a support session. */
  record(action: SupportAction): Promise<void> {
    return this.change(action);
  }

  async list(actor: AccessTokenClaims, query: AuditLogQuery): Promise<AuditLogResponse> {
    const rows = await this.repo.page(actor.companyId, query.limit, query.before ? new Date(query.before) : undefined);
    return { entries: rows.slice(0, query.limit).map(toDto), hasMore: rows.length > query.limit };
  }
}
