import { Controller, Get } from '@nestjs/common';
import { auditLogQuerySchema, type AccessTokenClaims, type AuditLogQuery } from '@zunft/contracts';
import { CurrentUser, Roles, ZodQuery } from '@zunft/nest-common';
import { AuditLogService } from './audit-log.service.js';

@Controller('audit-log')
export class AuditLogController {
  constructor(private readonly audit: AuditLogService) {}

  /** The company's audit trail of support access, newest first (admin only). */
  @Roles('admin')
  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @ZodQuery(auditLogQuerySchema) query: AuditLogQuery) {
    return this.audit.list(user, query);
  }
}
