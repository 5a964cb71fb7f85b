import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One domain event waiting in (or already sent from) a service's transactional outbox.
 * Written by `enqueueEvent` in the caller's transaction, published by `OutboxRelay`.
 * The schema is created by `CreateEventTables1763700000000`; keep both in step.
 */
@Entity({ name: 'outbox_events' })
@Index('idx_outbox_events_unpublished', ['occurredAt'], { where: 'published_at IS NULL' })
export class OutboxEventEntity {
  /** The event id; also the JetStream `Nats-Msg-Id`, so a re-publish is deduplicated. */
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_outbox_events' })
  id!: string;

  @Column('text')
  type!: string;

  @Column('integer')
  version!: number;

  @Column('uuid', { name: 'company_id' })
  companyId!: string;

  @Column('uuid', { name: 'actor_id', nullable: true })
  actorId!: string | null;

  @Column('text', { name: 'request_id', nullable: true })
  requestId!: string | null;

  @Column('jsonb')
  data!: unknown;

  /** W3C `traceparent` of the enqueuing transaction (AddOutboxTraceContext1795888535469). */
  @Column('text', { name: 'trace_context', nullable: true })
  traceContext!: string | null;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt!: Date;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt!: Date | null;

  @Column('integer', { default: 0 })
  attempts!: number;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;
}
