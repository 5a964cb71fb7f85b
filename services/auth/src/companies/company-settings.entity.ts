import type { Canton, CompanySettingsDto, SurchargeMode, WeeklyMaxHours } from '@zunft/contracts';
import { numericTransformer } from '@zunft/nest-common';
import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { CompanyEntity } from './company.entity.js';

/** One row per company; column defaults are the spec's defaults (part 2 §9). */
@Entity('company_settings')
@Check('ck_company_settings_currency', `"currency" IN ('CHF', 'EUR')`)
@Check('ck_company_settings_language', `"language" IN ('de', 'fr', 'it')`)
@Check('ck_company_settings_timezone', `"timezone" IN ('Europe/Zurich', 'Europe/Geneva')`)
@Check('ck_company_settings_payment_terms', `"payment_terms" BETWEEN 1 AND 365`)
export class CompanySettingsEntity {
  @PrimaryColumn({ name: 'company_id', type: 'uuid', primaryKeyConstraintName: 'pk_company_settings' })
  companyId!: string;

  @OneToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'fk_company_settings_company' })
  company?: Relation<CompanyEntity>;

  @Column({
    name: 'default_hourly_rate',
    type: 'numeric',
    precision: 12,
    scale: 2,
    default: 0,
    transformer: numericTransformer,
  })
  defaultHourlyRate!: number;

  @Column({ type: 'varchar', length: 3, default: 'CHF' })
  currency!: CompanySettingsDto['currency'];

  @Column({ type: 'varchar', length: 2, default: 'de' })
  language!: CompanySettingsDto['language'];

  @Column({ type: 'varchar', length: 40, default: 'Europe/Zurich' })
  timezone!: CompanySettingsDto['timezone'];

  @Column({ name: 'auto_approve_time_entries', type: 'boolean', default: false })
  autoApproveTimeEntries!: boolean;

  @Column({ name: 'auto_approve_material_usage', type: 'boolean', default: false })
  autoApproveMaterialUsage!: boolean;

  @Column({ name: 'require_project_notes', type: 'boolean', default: false })
  requireProjectNotes!: boolean;

  @Column({ name: 'auto_calculate_surcharges', type: 'boolean', default: true })
  autoCalculateSurcharges!: boolean;

  @Column({
    name: 'saturday_surcharge',
    type: 'numeric',
    precision: 5,
    scale: 2,
    default: 25,
    transformer: numericTransformer,
  })
  saturdaySurcharge!: number;

  @Column({
    name: 'sunday_surcharge',
    type: 'numeric',
    precision: 5,
    scale: 2,
    default: 50,
    transformer: numericTransformer,
  })
  sundaySurcharge!: number;

  @Column({
    name: 'night_surcharge',
    type: 'numeric',
    precision: 5,
    scale: 2,
    default: 25,
    transformer: numericTransformer,
  })
  nightSurcharge!: number;

  @Column({ name: 'company_iban', type: 'varchar', length: 34, nullable: true })
  companyIban!: string | null;

  @Column({ name: 'vat_number', type: 'varchar', length: 30, nullable: true })
  vatNumber!: string | null;

  // PostgreSQL reports this default as a bare literal (8.1), unlike whole numbers ('25'::numeric).
  @Column({
    name: 'vat_rate',
    type: 'numeric',
    precision: 5,
    scale: 2,
    default: () => '8.1',
    transformer: numericTransformer,
  })
  vatRate!: number;

  @Column({ name: 'payment_terms', type: 'integer', default: 30 })
  paymentTerms!: number;

  /** Reminder fees per level (CHF): Erinnerung, 1. Mahnung, 2. Mahnung, Letzte Mahnung. */
  @Column({
    name: 'reminder_fee_level_1',
    type: 'numeric',
    precision: 10,
    scale: 2,
    default: 0,
    transformer: numericTransformer,
  })
  reminderFeeLevel1!: number;

  @Column({
    name: 'reminder_fee_level_2',
    type: 'numeric',
    precision: 10,
    scale: 2,
    default: 0,
    transformer: numericTransformer,
  })
  reminderFeeLevel2!: number;

  @Column({
    name: 'reminder_fee_level_3',
    type: 'numeric',
    precision: 10,
    scale: 2,
    default: 0,
    transformer: numericTransformer,
  })
  reminderFeeLevel3!: number;

  @Column({
    name: 'reminder_fee_level_4',
    type: 'numeric',
    precision: 10,
    scale: 2,
    default: 0,
    transformer: numericTransformer,
  })
  reminderFeeLevel4!: number;

  /** Default interest (OR 104) on reminders, from the day after the due date. */
  @Column({ name: 'default_interest_enabled', type: 'boolean', default: false })
  defaultInterestEnabled!: boolean;

  @Column({
    name: 'default_interest_rate',
    type: 'numeric',
    precision: 5,
    scale: 2,
    default: 5,
    transformer: numericTransformer,
  })
  defaultInterestRate!: number;

  /** Interest from the day after the due date (OR 102 para. 2) instead of the first reminder. */
  @Column({ name: 'interest_from_due_date', type: 'boolean', default: false })
  interestFromDueDate!: boolean;

  /** The daily job sends the next reminder level by itself. */
  @Column({ name: 'auto_reminders_enabled', type: 'boolean', default: false })
  autoRemindersEnabled!: boolean;

  @Column({ name: 'reminder_interval_days', type: 'integer', default: 14 })
  reminderIntervalDays!: number;

  /**
   * Time entries may carry the position taken once at timer start and stop (issue 14). Off by
   * default (privacy first): the company has to switch it on, and each user still has to agree.
   */
  @Column({ name: 'gps_enabled', type: 'boolean', default: false })
  gpsEnabled!: boolean;

  /** Working time (issue 24): the canton whose public holidays apply (null: only 1 August). */
  @Column({ type: 'varchar', length: 2, nullable: true })
  canton!: Canton | null;

  @Column({ name: 'surcharge_mode', type: 'varchar', length: 10, default: 'spec' })
  surchargeMode!: SurchargeMode;

  /** HH:mm, the night window of the precise surcharge mode. */
  @Column({ name: 'night_start', type: 'varchar', length: 5, default: '23:00' })
  nightStart!: string;

  @Column({ name: 'night_end', type: 'varchar', length: 5, default: '06:00' })
  nightEnd!: string;

  /** ArG art. 9: 45 or 50. */
  @Column({ name: 'weekly_max_hours', type: 'integer', default: 45 })
  weeklyMaxHours!: WeeklyMaxHours;

  @Column({ name: 'gps_retention_days', type: 'integer', default: 90 })
  gpsRetentionDays!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
