import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CompanyEntity } from '../companies/company.entity.js';

/**
 * One line of a company's audit trail (issue 25): a support (super-admin) session started or ended,
 * or a change made in one, in any service. The actor is always «Support»; `user_id` is the admin
 * account the session used. `source_event_id`: the event a line came from (operations, billing),
 * unique, so a redelivered event is not recorded twice.
 */
@Entity('audit_log')
@Index('ix_audit_log_company_occurred', ['companyId', 'occurredAt'])
export class AuditLogEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_audit_log' })
  id!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'fk_audit_log_company' })
  company?: Relation<CompanyEntity>;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'actor', type: 'varchar', length: 20 })
  actor!: 'support' | 'accountant';

  @Column({ name: 'action', type: 'varchar', length: 40 })
  action!: string;

  @Column({ name: 'service', type: 'varchar', length: 20 })
  service!: string;

  @Column({ name: 'method', type: 'varchar', length: 10, nullable: true })
  method!: string | null;

  @Column({ name: 'path', type: 'varchar', length: 500, nullable: true })
  path!: string | null;

  @Column({ name: 'status', type: 'int', nullable: true })
  status!: number | null;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'request_id', type: 'varchar', length: 100, nullable: true })
  requestId!: string | null;

  @Index('uq_audit_log_source_event', { unique: true })
  @Column({ name: 'source_event_id', type: 'uuid', nullable: true })
  sourceEventId!: string | null;
}
