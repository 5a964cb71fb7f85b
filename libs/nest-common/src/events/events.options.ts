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
}

export interface ResolvedEventsOptions {
  serviceName: string;
  natsUrl: string;
  streamName: string;
  subjectPrefix: string;
  relayIntervalMs: number;
  relayBatchSize: number;
  runConsumers: boolean;
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

  return {
    serviceName: options.serviceName,
    natsUrl: options.natsUrl,
    streamName,
    subjectPrefix,
    relayIntervalMs,
    relayBatchSize,
    runConsumers: options.runConsumers ?? true,
  };
}
