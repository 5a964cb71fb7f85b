import {
  eventDataSchemas,
  eventEnvelopeSchema,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@zunft/contracts';
import { z } from 'zod';

/**
 * An event envelope whose `data` is typed by its `type`: `switch (event.type)` narrows `data`.
 * Every `DomainEvent` is an `EventEnvelope`.
 */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: Omit<EventEnvelope, 'type' | 'data'> & { type: K; data: EventData<K> };
}[T];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventDataSchemas, type);
}

export type ParseEventResult = { ok: true; event: DomainEvent } | { ok: false; reason: string };

/**
 * Parses and validates a received event: JSON, envelope, known type, data per `eventDataSchemas`.
 * `expectedType` (the type taken from the NATS subject) must match the envelope's type.
 */
export function parseDomainEvent(payload: Uint8Array | string, expectedType?: string): ParseEventResult {
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
  } catch {
    return { ok: false, reason: 'payload is not JSON' };
  }

  const envelope = eventEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    return { ok: false, reason: `invalid envelope: ${z.prettifyError(envelope.error)}` };
  }
  const { type } = envelope.data;
  if (expectedType !== undefined && type !== expectedType) {
    return { ok: false, reason: `envelope type "${type}" does not match subject type "${expectedType}"` };
  }
  if (!isEventType(type)) return { ok: false, reason: `unknown event type "${type}"` };

  const data = eventDataSchemas[type].safeParse(envelope.data.data);
  if (!data.success) {
    return { ok: false, reason: `invalid data for "${type}": ${z.prettifyError(data.error)}` };
  }
  return { ok: true, event: { ...envelope.data, type, data: data.data } as DomainEvent };
}
