import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Marks an event as handled by one consumer. Inserted in the same transaction as the handler's
 * own changes, so a redelivered event is recognised and acked without running the handler again.
 */
@Entity({ name: 'processed_events' })
export class ProcessedEventEntity {
  /** The durable consumer name (`IdempotentConsumer.durableName`). */
  @PrimaryColumn('text', { primaryKeyConstraintName: 'pk_processed_events' })
  consumer!: string;

  @PrimaryColumn('uuid', { name: 'event_id', primaryKeyConstraintName: 'pk_processed_events' })
  eventId!: string;

  @Column('timestamptz', { name: 'processed_at', default: () => 'now()' })
  processedAt!: Date;
}
