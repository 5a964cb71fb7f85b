export { AuditModule } from './audit.module.js';
export { AuditLogService } from './audit-log.service.js';
export { AuditLogEntity } from './audit-log.entity.js';
