import { randomUUID } from 'node:crypto';
import { isEventType, parseDomainEvent } from './domain-event.js';

const envelope = {
  id: randomUUID(),
  type: 'auth.user.deactivated',
  version: 1,
  occurredAt: '2026-11-21T10:00:00.000Z',
  companyId: randomUUID(),
  actorId: null,
  requestId: 'req-1',
  data: { userId: randomUUID() },
};

describe('parseDomainEvent', () => {
  it('accepts a valid event (bytes or string) and returns it typed', () => {
    const bytes = new TextEncoder().encode(JSON.stringify(envelope));
    const result = parseDomainEvent(bytes, 'auth.user.deactivated');
    expect(result).toEqual({ ok: true, event: envelope });
    expect(parseDomainEvent(JSON.stringify(envelope)).ok).toBe(true);
  });

  it('drops unknown data fields (the contract defines the shape)', () => {
    const result = parseDomainEvent(JSON.stringify({ ...envelope, data: { ...envelope.data, extra: 1 } }));
    expect(result.ok && result.event.data).toEqual(envelope.data);
  });

  it.each([
    ['not JSON', '{nope', /not JSON/],
    ['a missing envelope field', JSON.stringify({ ...envelope, companyId: undefined }), /companyId/],
    ['a bad occurredAt', JSON.stringify({ ...envelope, occurredAt: 'gestern' }), /occurredAt/],
    ['an unknown type', JSON.stringify({ ...envelope, type: 'auth.user.vanished' }), /unknown event type/],
    ['data not matching the type', JSON.stringify({ ...envelope, data: { userId: 'x' } }), /userId/],
  ])('rejects %s', (_name, payload, reason) => {
    const result = parseDomainEvent(payload);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it('rejects an envelope whose type differs from the subject', () => {
    const result = parseDomainEvent(JSON.stringify(envelope), 'auth.user.deleted');
    expect(!result.ok && result.reason).toMatch(/does not match subject/);
  });
});

describe('isEventType', () => {
  it('knows the contract types only', () => {
    expect(isEventType('auth.user.created')).toBe(true);
    expect(isEventType('toString')).toBe(false);
    expect(isEventType('auth.user.vanished')).toBe(false);
  });
});
