import { randomUUID } from 'node:crypto';
import { eventDataSchemas, eventEnvelopeSchema, type EventData, type EventType } from '@zunft/contracts';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import type { DomainEvent } from './domain-event.js';
import { signalEnqueued } from './outbox-signal.js';

export interface EnqueueEventInput<T extends EventType> {
  type: T;
  companyId: string;
  actorId: string | null;
  requestId?: string | null;
  data: EventData<T>;
}

/** The event to enqueue does not match its contract: a programming error, never user input. */
export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly details: string,
  ) {
    super(`Invalid event "${eventType}": ${details}`);
    this.name = 'InvalidEventError';
  }
}

/**
 * Writes a domain event to the outbox with the caller's (transactional) entity manager, so the
 * event exists if and only if the caller's change commits. `OutboxRelay` publishes it afterwards.
 *
 * ```ts
 * await dataSource.transaction(async (manager) => {
 *   await manager.save(user);
 *   await enqueueEvent(manager, { type: 'auth.user.created', companyId, actorId, requestId, data });
 * });
 * ```
 */
export async function enqueueEvent<T extends EventType>(
  manager: EntityManager,
  input: EnqueueEventInput<T>,
): Promise<DomainEvent<T>> {
  const schema: z.ZodType = eventDataSchemas[input.type];
  if (!schema) throw new InvalidEventError(String(input.type), 'unknown event type');
  const data = schema.safeParse(input.data);
  if (!data.success) throw new InvalidEventError(input.type, z.prettifyError(data.error));

  const candidate = {
    id: randomUUID(),
    type: input.type,
    version: 1,
    occurredAt: new Date().toISOString(),
    companyId: input.companyId,
    actorId: input.actorId,
    requestId: input.requestId ?? null,
    data: data.data,
  };
  const envelope = eventEnvelopeSchema.safeParse(candidate);
  if (!envelope.success) throw new InvalidEventError(input.type, z.prettifyError(envelope.error));

  await manager.query(
    `INSERT INTO outbox_events (id, type, version, company_id, actor_id, request_id, data, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [
      candidate.id,
      candidate.type,
      candidate.version,
      candidate.companyId,
      candidate.actorId,
      candidate.requestId,
      JSON.stringify(candidate.data),
      candidate.occurredAt,
    ],
  );
  signalEnqueued(manager);
  return candidate as DomainEvent<T>;
}
