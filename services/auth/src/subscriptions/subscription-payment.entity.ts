import type { BillingCycle } from '@zunft/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { numericTransformer } from '@zunft/nest-common';

export type PaymentKind = 'subscription' | 'user_addition';
export type PaymentStatus = 'pending' | 'paid' | 'cancelled';

/** One checkout we opened: its id is the `transaction_id` the client sees. */
@Entity('subscription_payments')
@Index('ix_subscription_payments_company', ['companyId', 'createdAt'])
export class SubscriptionPaymentEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_subscription_payments' })
  id!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: PaymentKind;

  /** The pending employee of a user addition. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'billing_cycle', type: 'varchar', length: 10 })
  billingCycle!: BillingCycle;

  @Column({ type: 'int' })
  quantity!: number;

  /** CHF the customer pays at checkout. */
  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: numericTransformer })
  amount!: number;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: PaymentStatus;

  @Index('uq_subscription_payments_session', { unique: true })
  @Column({ name: 'stripe_session_id', type: 'varchar', length: 200 })
  stripeSessionId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;
}
