import type { Language, SubscriptionStatus } from '@zunft/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type BillingCycle = 'monthly' | 'yearly';

/** A tenant: one craft business with its subscription state. */
@Entity('companies')
@Check('ck_companies_subscription_status', `"subscription_status" IN ('trial', 'active', 'suspended', 'cancelled')`)
@Check('ck_companies_billing_cycle', `"billing_cycle" IS NULL OR "billing_cycle" IN ('monthly', 'yearly')`)
@Check('ck_companies_language', `"language" IN ('de', 'fr', 'it')`)
export class CompanyEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_companies' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  website!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  address!: string | null;

  /** Structured postal address (QR bill address type S: street, building number, postal code, town, country). */
  @Column({ type: 'varchar', length: 70, nullable: true })
  street!: string | null;

  @Column({ name: 'house_number', type: 'varchar', length: 16, nullable: true })
  houseNumber!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  zip!: string | null;

  @Column({ type: 'varchar', length: 35, nullable: true })
  city!: string | null;

  /** ISO 3166-1 alpha-2. */
  @Column({ type: 'varchar', length: 2, default: 'CH' })
  country!: string;

  /** Storage key of the logo, e.g. `logos/<32 hex>.png`; the file name is the unguessable public URL part. */
  @Index('ix_companies_logo_path')
  @Column({ name: 'logo_path', type: 'varchar', length: 200, nullable: true })
  logoPath!: string | null;

  @Column({ type: 'varchar', length: 2, default: 'de' })
  language!: Language;

  @Column({ name: 'subscription_status', type: 'varchar', length: 20, default: 'trial' })
  subscriptionStatus!: SubscriptionStatus;

  @Column({ name: 'trial_ends_at', type: 'timestamptz', nullable: true })
  trialEndsAt!: Date | null;

  @Column({ name: 'next_billing_date', type: 'date', nullable: true })
  nextBillingDate!: string | null;

  @Column({ name: 'billing_cycle', type: 'varchar', length: 10, nullable: true })
  billingCycle!: BillingCycle | null;

  /** When the owner confirmed the e-mail address by the link (issue 25); null: not yet. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** SHA-256 (hex) of the latest verification link's token; the token itself is only in the mail. */
  @Index('ix_companies_email_verification_token', { unique: true })
  @Column({ name: 'email_verification_token_hash', type: 'varchar', length: 64, nullable: true })
  emailVerificationTokenHash!: string | null;

  @Column({ name: 'email_verification_expires_at', type: 'timestamptz', nullable: true })
  emailVerificationExpiresAt!: Date | null;

  /** When the admin closed the account (issue 26): nobody signs in; the retention task removes the data. */
  @Index('ix_companies_closed_at', { where: '"closed_at" IS NOT NULL' })
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
