import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { AuditLogService } from './audit-log.service.js';

/**
 * Operations' and billing's changes in support sessions, and a fiduciary's export downloads in billing
 * (issue 26), into the audit trail (once per event).
 */
@Injectable()
export class SupportActionsConsumer extends IdempotentConsumer {
  readonly durableName = 'auth-support-audit';
  readonly filterSubjects = [
    'operations.support.action-performed',
    'billing.support.action-performed',
    'billing.accountant.export-downloaded',
  ];

  constructor(private readonly audit: AuditLogService) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === 'billing.accountant.export-downloaded') {
      return this.audit.accountantExported(manager, event.companyId, event.data, event.id);
    }
    if (event.type !== 'operations.support.action-performed' && event.type !== 'billing.support.action-performed')
      return;
    const service = event.type.startsWith('operations.') ? 'operations' : 'billing';
    await this.audit.change({ ...event.data, companyId: event.companyId }, service, event.id, manager);
  }
}
