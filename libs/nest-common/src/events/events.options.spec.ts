import { resolveEventsOptions } from './events.options.js';

const base = { serviceName: 'auth', natsUrl: 'nats://127.0.0.1:4222' };

describe('resolveEventsOptions', () => {
  it('defaults to the ZUNFT_EVENTS stream with unprefixed subjects', () => {
    expect(resolveEventsOptions(base, {})).toEqual({
      ...base,
      streamName: 'ZUNFT_EVENTS',
      subjectPrefix: '',
      relayIntervalMs: 500,
      relayBatchSize: 100,
      runConsumers: true,
      stream: { maxAgeMs: 30 * 24 * 3600_000, maxBytes: -1, replicas: 1 },
      outboxRetentionMs: 24 * 3600_000,
      processedRetentionMs: 31 * 24 * 3600_000,
    });
  });

  it('takes stream limits, replicas, the outbox retention and NATS credentials from the environment', () => {
    const resolved = resolveEventsOptions(base, {
      NATS_STREAM_MAX_AGE_DAYS: '7',
      NATS_STREAM_MAX_BYTES: '1073741824',
      NATS_STREAM_REPLICAS: '3',
      OUTBOX_RETENTION_HOURS: '2',
      NATS_USER: 'billing',
      NATS_PASSWORD: 'geheim',
    });
    expect(resolved).toMatchObject({
      stream: { maxAgeMs: 7 * 24 * 3600_000, maxBytes: 1_073_741_824, replicas: 3 },
      outboxRetentionMs: 2 * 3600_000,
      processedRetentionMs: 8 * 24 * 3600_000,
      natsUser: 'billing',
      natsPassword: 'geheim',
    });
    expect(() => resolveEventsOptions(base, { NATS_STREAM_REPLICAS: '2' })).toThrow(/replicas/);
    expect(() => resolveEventsOptions(base, { NATS_STREAM_MAX_BYTES: '0' })).toThrow(/max bytes/);
    expect(() => resolveEventsOptions(base, { NATS_STREAM_MAX_AGE_DAYS: 'lang' })).toThrow(/NATS_STREAM_MAX_AGE_DAYS/);
  });

  it('takes the stream from NATS_STREAM and prefixes subjects of any other stream with its name', () => {
    const resolved = resolveEventsOptions(base, { NATS_STREAM: 'ZUNFT_TEST_1' });
    expect(resolved.streamName).toBe('ZUNFT_TEST_1');
    expect(resolved.subjectPrefix).toBe('ZUNFT_TEST_1.');
  });

  it('lets explicit options win over the environment', () => {
    const resolved = resolveEventsOptions(
      { ...base, streamName: 'OTHER', subjectPrefix: 'x', relayIntervalMs: 50 },
      { NATS_STREAM: 'ZUNFT_TEST_1', NATS_SUBJECT_PREFIX: 'y.' },
    );
    expect(resolved).toMatchObject({ streamName: 'OTHER', subjectPrefix: 'x.', relayIntervalMs: 50 });
    expect(resolveEventsOptions({ ...base, streamName: 'OTHER', subjectPrefix: '' }, {}).subjectPrefix).toBe('');
  });

  it('rejects invalid names and values', () => {
    expect(() => resolveEventsOptions({ ...base, streamName: 'A.B' }, {})).toThrow(/stream name/);
    expect(() => resolveEventsOptions({ ...base, subjectPrefix: 'a.*' }, {})).toThrow(/subject prefix/);
    expect(() => resolveEventsOptions({ ...base, relayIntervalMs: 0 }, {})).toThrow(/relayIntervalMs/);
    expect(() => resolveEventsOptions({ ...base, natsUrl: '' }, {})).toThrow(/natsUrl/);
  });
});
