import { randomUUID } from 'node:crypto';
import { eventDataSchemas, eventEnvelopeSchema, type EventData, type EventType } from '@zunft/contracts';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { currentTraceparent } from '../tracing/tracing.js';
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
  const [event] = await enqueueEvents(manager, [input]);
  return event as DomainEvent<T>;
}

/**
 * Like `enqueueEvent` for many events in one INSERT (a bank-file import paying hundreds of
 * invoices): every event is validated first, then all rows are written in chunks of 500 with the
 * caller's (transactional) entity manager. Nothing is written when one event is invalid.
 */
export async function enqueueEvents(
  manager: EntityManager,
  inputs: ReadonlyArray<EnqueueEventInput<EventType>>,
): Promise<DomainEvent<EventType>[]> {
  const events = inputs.map((input) => validated(input));
  // The enqueuing span's traceparent goes with the row; the relay puts it into the NATS headers.
  const traceContext = currentTraceparent();
  for (let start = 0; start < events.length; start += 500) {
    const chunk = events.slice(start, start + 500);
    const params: unknown[] = [];
    const values = chunk.map((e) => {
      params.push(
        e.id,
        e.type,
        e.version,
        e.companyId,
        e.actorId,
        e.requestId,
        JSON.stringify(e.data),
        e.occurredAt,
        traceContext,
      );
      const b = params.length - 9;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}::jsonb, $${b + 8}, $${b + 9})`;
    });
    await manager.query(
      `INSERT INTO outbox_events (id, type, version, company_id, actor_id, request_id, data, occurred_at, trace_context)
       VALUES ${values.join(', ')}`,
      params,
    );
  }
  if (events.length > 0) signalEnqueued(manager);
  return events;
}

function validated(input: EnqueueEventInput<EventType>): DomainEvent<EventType> {
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
  return candidate as DomainEvent<EventType>;
}
