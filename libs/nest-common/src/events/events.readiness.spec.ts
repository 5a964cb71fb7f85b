import { describe, expect, it } from '@jest/globals';
import type { EventsConnection } from './events.connection.js';
import { NATS_READINESS_CHECKS } from './events.readiness.js';

const checksWhenPingAnswers = (answers: boolean) =>
  NATS_READINESS_CHECKS.useFactory({ ping: async () => answers } as Partial<EventsConnection> as never);

describe('NATS_READINESS_CHECKS', () => {
  it('injects the events connection and names its one check "nats", which does not make the pod unready', () => {
    expect(NATS_READINESS_CHECKS.inject).toHaveLength(1);
    expect(checksWhenPingAnswers(true).map((c) => [c.name, c.required])).toEqual([['nats', false]]);
  });

  it('passes while NATS answers the ping and fails when it does not', async () => {
    await expect(checksWhenPingAnswers(true)[0]!.check()).resolves.toBeUndefined();
    await expect(checksWhenPingAnswers(false)[0]!.check()).rejects.toThrow('NATS does not answer');
  });
});
