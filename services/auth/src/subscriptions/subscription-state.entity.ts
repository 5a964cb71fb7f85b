import type { BillingCycle } from '@zunft/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The Stripe side of a company's subscription (the status itself stays on `companies`, where the
 * token reads it). One row per company, created with the first checkout or by the retention job.
 */
@Entity('company_subscriptions')
export class SubscriptionStateEntity {
  @PrimaryColumn({ name: 'company_id', type: 'uuid', primaryKeyConstraintName: 'pk_company_subscriptions' })
  companyId!: string;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 100, nullable: true })
  stripeCustomerId!: string | null;

  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 100, nullable: true })
  stripeSubscriptionId!: string | null;

  @Column({ name: 'stripe_subscription_item_id', type: 'varchar', length: 100, nullable: true })
  stripeSubscriptionItemId!: string | null;

  @Column({ name: 'billing_cycle', type: 'varchar', length: 10, nullable: true })
  billingCycle!: BillingCycle | null;

  /** Seats paid for (the subscription's quantity). */
  @Column({ name: 'paid_seats', type: 'int', default: 0 })
  paidSeats!: number;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  /** Set by a failed renewal; the company is suspended when it passes without a payment. */
  @Column({ name: 'grace_ends_at', type: 'timestamptz', nullable: true })
  graceEndsAt!: Date | null;

  /** `created` of the newest status-setting Stripe event applied (older ones are stale). */
  @Column({ name: 'subscription_event_at', type: 'bigint', nullable: true })
  subscriptionEventAt!: string | null;

  /** The retention job's flag: 90 days after the trial without a subscription. */
  @Column({ name: 'marked_for_deletion_at', type: 'timestamptz', nullable: true })
  markedForDeletionAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
