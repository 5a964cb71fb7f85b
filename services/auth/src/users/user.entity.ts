import type { Language, Role } from '@zunft/contracts';
import { numericTransformer } from '@zunft/nest-common';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { CompanyEntity } from '../companies/company.entity.js';

/**
 * A staff member of a company. Permanent deletion anonymises the row (deleted_at set, name
 * 'Gelöschter Benutzer', e-mail replaced, password unusable) so references elsewhere stay valid.
 * E-mails are unique (case-insensitive) among home accounts that are not deleted: a partial expression
 * index the migration creates (TypeORM cannot describe it, hence synchronize: false). A fiduciary's
 * linked accounts in further companies (`identity_user_id`) repeat the address and are exempt; one per
 * company and person (`uq_users_identity_company`, also partial).
 */
@Entity('users')
@Index('uq_users_email_active', { synchronize: false })
@Index('uq_users_identity_company', { synchronize: false })
@Check('ck_users_role', `"role" IN ('admin', 'backoffice', 'employee', 'accountant')`)
@Check('ck_users_language', `"language" IN ('de', 'fr', 'it')`)
export class UserEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_users' })
  id!: string;

  @Index('ix_users_company_id')
  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'fk_users_company' })
  company?: Relation<CompanyEntity>;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 20 })
  role!: Role;

  @Column({ name: 'craftsman_category', type: 'varchar', length: 100, nullable: true })
  craftsmanCategory!: string | null;

  @Column({
    name: 'hourly_rate',
    type: 'numeric',
    precision: 12,
    scale: 2,
    nullable: true,
    transformer: numericTransformer,
  })
  hourlyRate!: number | null;

  /** Every word the user sees (screens, toasts, server messages); starts as the company's language. */
  @Column({ type: 'varchar', length: 2, default: 'de' })
  language!: Language;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** Working time (issue 24): percent of a full-time position. */
  @Column({ type: 'numeric', precision: 5, scale: 2, default: 100, transformer: numericTransformer })
  pensum!: number;

  /** Weekly target hours at 100 %. */
  @Column({
    name: 'weekly_hours',
    type: 'numeric',
    precision: 5,
    scale: 2,
    // PostgreSQL reports this default as a bare literal (42.5), like vat_rate of the settings.
    default: () => '42.5',
    transformer: numericTransformer,
  })
  weeklyHours!: number;

  @Column({
    name: 'holiday_days_per_year',
    type: 'numeric',
    precision: 4,
    scale: 1,
    default: 20,
    transformer: numericTransformer,
  })
  holidayDaysPerYear!: number;

  /** yyyy-MM-dd; null: the day the user was created. */
  @Column({ name: 'employment_start', type: 'date', nullable: true })
  employmentStart!: string | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  /** The login before `lastLoginAt`: what the user is shown as their last login during a session. */
  @Column({ name: 'previous_login_at', type: 'timestamptz', nullable: true })
  previousLoginAt!: Date | null;

  /** Access tokens issued before (logout, password change, deactivation) are refused (SessionsService). */
  @Column({ name: 'sessions_valid_after', type: 'timestamptz', nullable: true })
  sessionsValidAfter!: Date | null;

  /**
   * A fiduciary's access to a further company (issue 26): this row is the company's accountant
   * account of the person whose home account (the row they sign in with) is `identity_user_id`. It
   * has no password of its own (the home account's is asked) and is reached only by switching
   * companies (POST /auth/switch-company). Null for every ordinary (home) account. Its e-mail copies
   * the home account's and is exempt from the unique index.
   */
  @Index('ix_users_identity_user_id')
  @Column({ name: 'identity_user_id', type: 'uuid', nullable: true })
  identityUserId!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'identity_user_id', foreignKeyConstraintName: 'fk_users_identity_user' })
  identityUser?: Relation<UserEntity>;

  /** Set when the user was permanently deleted (anonymised); such rows are invisible to the API. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
