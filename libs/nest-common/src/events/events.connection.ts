import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  StorageType,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type StreamInfo,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS_STREAM_SUBJECTS } from '@zunft/contracts';
import type { ResolvedEventsOptions, StreamLimits } from './events.options.js';

/** JetStream drops a message whose `Nats-Msg-Id` it has seen within this window. */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/** JetStream API error "stream name already in use" (a concurrent create won the race). */
const STREAM_NAME_IN_USE = 10058;
/** JetStream API error "subjects overlap with an existing stream". */
const STREAM_SUBJECT_OVERLAP = 10065;

/**
 * The app's one NATS connection plus JetStream handles and the subject naming of the event stream.
 * Provided by `EventsModule`; closed when the app shuts down.
 */
export class EventsConnection implements OnApplicationShutdown {
  private readonly logger = new Logger('EventsConnection');
  private readonly reconnectListeners = new Set<() => void>();

  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    readonly streamName: string,
    readonly subjectPrefix: string,
  ) {
    void this.logStatus();
  }

  /** Connects and makes sure the event stream exists with the expected configuration. */
  static async connect(options: ResolvedEventsOptions): Promise<EventsConnection> {
    const nc = await connect({
      servers: options.natsUrl.split(',').map((s) => s.trim()),
      name: options.serviceName,
      maxReconnectAttempts: -1,
      ...(options.natsUser ? { user: options.natsUser, pass: options.natsPassword ?? '' } : {}),
    });
    try {
      const jsm = await jetstreamManager(nc);
      const connection = new EventsConnection(nc, jetstream(nc), jsm, options.streamName, options.subjectPrefix);
      await connection.ensureStream(options.stream);
      return connection;
    } catch (err) {
      await nc.close();
      throw err;
    }
  }

  /** NATS subject of an event type (or of a subject pattern such as `auth.user.*`). */
  subjectFor(typeOrPattern: string): string {
    return this.subjectPrefix + typeOrPattern;
  }

  /** Event type carried on a subject, or null when the subject is outside this stream's prefix. */
  typeFromSubject(subject: string): string | null {
    return subject.startsWith(this.subjectPrefix) ? subject.slice(this.subjectPrefix.length) : null;
  }

  /** Server version at least `major.minor`. */
  serverAtLeast(major: number, minor: number): boolean {
    const [ma = 0, mi = 0] = (this.nc.info?.version ?? '0.0.0').split('.').map((n) => Number.parseInt(n, 10));
    return ma > major || (ma === major && mi >= minor);
  }

  /**
   * Calls `listener` each time the connection is back after an outage (the outbox relay and the
   * consumers wake at once instead of waiting out their backoff). Returns the unsubscribe function.
   */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** For readiness checks: true when the server answers a ping within the timeout. */
  async ping(timeoutMs = 2000): Promise<boolean> {
    if (this.nc.isClosed()) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([this.nc.flush().then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.nc.isClosed()) return;
    try {
      await this.nc.drain();
    } catch (err) {
      this.logger.warn({ msg: 'NATS drain failed, closing', error: String(err) });
      await this.nc.close();
    }
  }

  /**
   * Creates the stream, or brings its subjects, limits and replicas in line. Limits retention: the
   * oldest messages are discarded past `max_age` or `max_bytes` (consumers read them long before).
   */
  private async ensureStream(limits: StreamLimits): Promise<void> {
    const subjects = EVENTS_STREAM_SUBJECTS.map((s) => this.subjectFor(s));
    const duplicateWindow = nanos(DUPLICATE_WINDOW_MS);
    const wanted = {
      duplicate_window: duplicateWindow,
      max_age: nanos(limits.maxAgeMs),
      max_bytes: limits.maxBytes,
      num_replicas: limits.replicas,
      discard: DiscardPolicy.Old,
    };
    let info = await this.streamInfo();
    if (!info) {
      try {
        await this.jsm.streams.add({ name: this.streamName, subjects, storage: StorageType.File, ...wanted });
        this.logger.log({ msg: 'stream created', stream: this.streamName, subjects });
        return;
      } catch (err) {
        if (isApiError(err, STREAM_SUBJECT_OVERLAP)) {
          throw new Error(
            `NATS stream "${this.streamName}": subjects ${subjects.join(', ')} overlap with another stream. ` +
              'Use the same stream name as the other services or set a subject prefix (NATS_SUBJECT_PREFIX).',
            { cause: err },
          );
        }
        if (!isApiError(err, STREAM_NAME_IN_USE)) throw err;
        info = await this.streamInfo(); // created concurrently by another service: update below
        if (!info) throw err;
      }
    }
    // Never drop subjects someone else added; only add ours and fix the dedupe window and limits.
    const merged = [...new Set([...(info.config.subjects ?? []), ...subjects])];
    const c = info.config;
    const differs =
      merged.length !== (c.subjects ?? []).length ||
      c.duplicate_window !== wanted.duplicate_window ||
      c.max_age !== wanted.max_age ||
      c.max_bytes !== wanted.max_bytes ||
      (c.num_replicas || 1) !== wanted.num_replicas ||
      c.discard !== wanted.discard;
    if (differs) {
      await this.jsm.streams.update(this.streamName, { subjects: merged, ...wanted });
      this.logger.log({ msg: 'stream updated', stream: this.streamName, subjects: merged, ...limits });
    }
  }

  private async streamInfo(): Promise<StreamInfo | null> {
    try {
      return await this.jsm.streams.info(this.streamName);
    } catch (err) {
      if (isApiError(err, JetStreamApiCodes.StreamNotFound)) return null;
      throw err;
    }
  }

  private async logStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect') this.logger.warn({ msg: 'NATS disconnected', server: status.server });
      else if (status.type === 'reconnect') {
        this.logger.log({ msg: 'NATS reconnected', server: status.server });
        for (const listener of this.reconnectListeners) {
          try {
            listener();
          } catch (err) {
            this.logger.error({ msg: 'reconnect listener failed', error: String(err) });
          }
        }
      } else if (status.type === 'error') this.logger.error({ msg: 'NATS error', error: String(status.error) });
    }
  }
}

export function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}
