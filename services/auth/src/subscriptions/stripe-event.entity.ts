import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Every Stripe event id handled once (Stripe delivers at least once, in any order). */
@Entity('stripe_events')
export class StripeEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'pk_stripe_events' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @Column({ name: 'company_id', type: 'uuid', nullable: true })
  companyId!: string | null;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
