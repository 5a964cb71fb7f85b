import { Module } from '@nestjs/common';
import { SUPPORT_ACTION_SINK, supportAuditProviders } from '@zunft/nest-common';
import { AuditLogController } from './audit-log.controller.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditLogService } from './audit-log.service.js';
import { SupportActionsConsumer } from './support-actions.consumer.js';

/** The audit trail of support access (issue 25): GET /audit-log, auth's own support writes, the others' events. */
@Module({
  controllers: [AuditLogController],
  providers: [
    AuditLogRepository,
    AuditLogService,
    SupportActionsConsumer,
    ...supportAuditProviders({ provide: SUPPORT_ACTION_SINK, useExisting: AuditLogService }),
  ],
  exports: [AuditLogService],
})
export class AuditModule {}
