import { EVENTS_STREAM } from '@zunft/contracts';

export interface EventsModuleOptions {
  /** Used as NATS connection name and in logs, e.g. `auth`. */
  serviceName: string;
  /** e.g. `nats://127.0.0.1:4222` (comma-separated list allowed). */
  natsUrl: string;
  /** JetStream stream; default env `NATS_STREAM`, else `ZUNFT_EVENTS`. */
  streamName?: string;
  /**
   * Prefix in front of every event subject (the envelope `type` stays unprefixed). Default env
   * `NATS_SUBJECT_PREFIX`; else none for the `ZUNFT_EVENTS` stream and `<streamName>.` for any other
   * stream, so a per-test-run stream does not overlap the subjects of the real one.
   */
  subjectPrefix?: string;
  /** How often the outbox relay polls for unpublished rows. Default 500 ms. */
  relayIntervalMs?: number;
  /** Rows claimed per relay transaction. Default 100. */
  relayBatchSize?: number;
  /**
   * Start the `IdempotentConsumer` and `RpcResponder` providers of the app (default true). A second
   * process built from the same modules (the billing worker) sets false: it publishes through the
   * outbox but leaves consuming to the API.
   */
  runConsumers?: boolean;
  /** Stream limits and replicas; default from the environment (see `streamLimitsFromEnv`). */
  stream?: Partial<StreamLimits>;
  /** Published outbox rows older than this are deleted. Default env `OUTBOX_RETENTION_HOURS`, else 24 h. */
  outboxRetentionMs?: number;
  /** NATS user and password; default env `NATS_USER` / `NATS_PASSWORD` (none: no authentication). */
  natsUser?: string;
  natsPassword?: string;
}

/** What bounds the event stream (JetStream limits retention: the oldest messages go first). */
export interface StreamLimits {
  /** Messages older than this are removed. Env `NATS_STREAM_MAX_AGE_DAYS`, default 30 days. */
  maxAgeMs: number;
  /** The stream keeps at most this many bytes (-1: no limit). Env `NATS_STREAM_MAX_BYTES`, default -1. */
  maxBytes: number;
  /** Copies of the stream in a NATS cluster (1, 3 or 5). Env `NATS_STREAM_REPLICAS`, default 1. */
  replicas: number;
}

export interface ResolvedEventsOptions {
  serviceName: string;
  natsUrl: string;
  streamName: string;
  subjectPrefix: string;
  relayIntervalMs: number;
  relayBatchSize: number;
  runConsumers: boolean;
  stream: StreamLimits;
  outboxRetentionMs: number;
  /**
   * processed_events rows are kept this long (the stream's max age plus a day): a message still in
   * the stream always finds its record, so a redelivery stays a no-op.
   */
  processedRetentionMs: number;
  natsUser?: string;
  natsPassword?: string;
}

/** Injection token of the resolved options. */
export const EVENTS_OPTIONS = Symbol('zunft:events-options');

const STREAM_NAME = /^[A-Za-z0-9_-]{1,255}$/;
const SUBJECT_PREFIX = /^([A-Za-z0-9_-]+\.)*$/;

export function resolveEventsOptions(
  options: EventsModuleOptions,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedEventsOptions {
  if (!options.serviceName) throw new Error('EventsModule: serviceName is required');
  if (!options.natsUrl) throw new Error('EventsModule: natsUrl is required');

  const streamName = options.streamName ?? (env.NATS_STREAM || EVENTS_STREAM);
  if (!STREAM_NAME.test(streamName)) {
    throw new Error(`EventsModule: invalid stream name "${streamName}" (letters, digits, _ and - only)`);
  }

  let subjectPrefix =
    options.subjectPrefix ?? env.NATS_SUBJECT_PREFIX ?? (streamName === EVENTS_STREAM ? '' : `${streamName}.`);
  if (subjectPrefix !== '' && !subjectPrefix.endsWith('.')) subjectPrefix += '.';
  if (!SUBJECT_PREFIX.test(subjectPrefix)) {
    throw new Error(`EventsModule: invalid subject prefix "${subjectPrefix}" (no wildcards or spaces)`);
  }

  const relayIntervalMs = options.relayIntervalMs ?? 500;
  const relayBatchSize = options.relayBatchSize ?? 100;
  if (!(relayIntervalMs > 0)) throw new Error('EventsModule: relayIntervalMs must be > 0');
  if (!Number.isInteger(relayBatchSize) || relayBatchSize < 1) {
    throw new Error('EventsModule: relayBatchSize must be a positive integer');
  }

  const stream = { ...streamLimitsFromEnv(env), ...options.stream };
  if (!(stream.maxAgeMs > 0)) throw new Error('EventsModule: the stream max age must be > 0');
  if (!Number.isInteger(stream.maxBytes) || (stream.maxBytes < 1 && stream.maxBytes !== -1)) {
    throw new Error('EventsModule: the stream max bytes must be a positive integer or -1');
  }
  if (![1, 3, 5].includes(stream.replicas)) throw new Error('EventsModule: stream replicas must be 1, 3 or 5');
  const outboxRetentionMs = options.outboxRetentionMs ?? numberFromEnv(env, 'OUTBOX_RETENTION_HOURS', 24) * HOUR;
  if (!(outboxRetentionMs >= 0)) throw new Error('EventsModule: outboxRetentionMs must be >= 0');
  const natsUser = options.natsUser ?? (env.NATS_USER || undefined);
  const natsPassword = options.natsPassword ?? (env.NATS_PASSWORD || undefined);

  return {
    serviceName: options.serviceName,
    natsUrl: options.natsUrl,
    streamName,
    subjectPrefix,
    relayIntervalMs,
    relayBatchSize,
    runConsumers: options.runConsumers ?? true,
    stream,
    outboxRetentionMs,
    processedRetentionMs: stream.maxAgeMs + 24 * HOUR,
    ...(natsUser ? { natsUser, natsPassword } : {}),
  };
}

const HOUR = 60 * 60 * 1000;

function numberFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`EventsModule: ${name} must be a number, got "${raw}"`);
  return value;
}

/** The stream limits from `NATS_STREAM_MAX_AGE_DAYS`, `NATS_STREAM_MAX_BYTES`, `NATS_STREAM_REPLICAS`. */
export function streamLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): StreamLimits {
  return {
    maxAgeMs: numberFromEnv(env, 'NATS_STREAM_MAX_AGE_DAYS', 30) * 24 * HOUR,
    maxBytes: numberFromEnv(env, 'NATS_STREAM_MAX_BYTES', -1),
    replicas: numberFromEnv(env, 'NATS_STREAM_REPLICAS', 1),
  };
}
