import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  ClosedConnectionError,
  DrainingConnectionError,
  RequestError,
  TimeoutError,
  headers as natsHeaders,
  type Msg,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import {
  RPC_MESSAGES,
  firstIssueMessage,
  rpcContracts,
  rpcReplySchema,
  type RpcErrorBody,
  type RpcParsedRequest,
  type RpcReply,
  type RpcReplyData,
  type RpcRequest,
  type RpcSubject,
} from '@zunft/contracts';
import type { z } from 'zod';
import { DomainError } from '../errors/domain.error.js';
import { currentRequestId } from '../http/request-context.js';
import { EventsConnection } from './events.connection.js';
import { EVENTS_OPTIONS, type ResolvedEventsOptions } from './events.options.js';

/*
 * Request/reply over core NATS (no JetStream, nothing stored): a caller asks a subject of
 * `rpcContracts` (`rpc.<owner>.<name>`), one replica of the owning service answers with the reply
 * envelope. Subjects get the same prefix as the event subjects (none for ZUNFT_EVENTS, `<stream>.`
 * for a per-test stream), so a test run never reaches the responders of the running stack.
 */

/** Default time a caller waits for the answer. */
export const DEFAULT_RPC_TIMEOUT_MS = 5000;
/** Header carrying the caller's request id (for the responder's logs). */
export const RPC_REQUEST_ID_HEADER = 'Zunft-Request-Id';

export type RpcUnavailableReason = 'timeout' | 'no_responders' | 'connection_closed';

/**
 * No answer: nobody listens on the subject, nobody answered in time, or our connection is closed.
 * A DomainError with status 503 and the German "Der Dienst antwortet nicht …", so an HTTP caller
 * that lets it through answers 503. Subclasses tell the reasons apart.
 */
export class RpcUnavailableError extends DomainError {
  constructor(
    readonly subject: string,
    readonly reason: RpcUnavailableReason,
    options?: { cause?: unknown },
  ) {
    super('service_unavailable', RPC_MESSAGES.unavailable, 503);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** The responder did not answer within `timeoutMs`. */
export class RpcTimeoutError extends RpcUnavailableError {
  constructor(subject: string, options?: { cause?: unknown }) {
    super(subject, 'timeout', options);
  }
}

/** No responder is subscribed to the subject (service down or not deployed): fails at once. */
export class RpcNoRespondersError extends RpcUnavailableError {
  constructor(subject: string, options?: { cause?: unknown }) {
    super(subject, 'no_responders', options);
  }
}

/** The answer is not a valid reply envelope / does not match the subject's reply schema (502). */
export class RpcInvalidReplyError extends DomainError {
  constructor(
    readonly subject: string,
    readonly reason: string,
  ) {
    super('invalid_reply', RPC_MESSAGES.invalidReply, 502);
  }
}

/**
 * The responder answered `ok: false`. `code`/`message` are the responder's (German message);
 * the HTTP status: `bad_request` → 400, `not_found` / `*_not_found` → 404, anything else 502.
 */
export class RpcRemoteError extends DomainError {
  constructor(
    readonly subject: string,
    error: RpcErrorBody,
  ) {
    super(error.code, error.message, statusOfRemoteCode(error.code));
  }
}

function statusOfRemoteCode(code: string): number {
  if (code === 'bad_request') return 400;
  if (code === 'not_found' || code.endsWith('_not_found')) return 404;
  return 502;
}

export interface RequestReplyOptions {
  /** How long to wait for the answer; default `DEFAULT_RPC_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Sent in the `Zunft-Request-Id` header; default: the current HTTP request's id. */
  requestId?: string | null;
}

/**
 * Low level: sends `payload` as JSON to `subject` (as is, no prefix), waits for one answer and
 * validates it as a reply envelope around `replyData`. Returns the data of an ok reply; throws
 * `RpcTimeoutError` / `RpcNoRespondersError` (both `RpcUnavailableError`, 503),
 * `RpcInvalidReplyError` (502) or `RpcRemoteError` (the responder's code). Services use `RpcClient`.
 */
export async function requestReply<T extends z.ZodType>(
  nc: NatsConnection,
  subject: string,
  payload: unknown,
  replyData: T,
  options: RequestReplyOptions = {},
): Promise<z.output<T>> {
  const timeout = options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  const requestId = options.requestId === undefined ? currentRequestId() : options.requestId;
  const h = requestId ? natsHeaders() : undefined;
  if (h && requestId) h.set(RPC_REQUEST_ID_HEADER, requestId);

  let msg: Msg;
  try {
    msg = await nc.request(subject, JSON.stringify(payload), { timeout, headers: h });
  } catch (err) {
    throw unavailableError(subject, err);
  }

  let body: unknown;
  try {
    body = msg.json();
  } catch {
    throw new RpcInvalidReplyError(subject, 'reply is not JSON');
  }
  const parsed = rpcReplySchema(replyData).safeParse(body);
  if (!parsed.success) throw new RpcInvalidReplyError(subject, firstIssueMessage(parsed.error));
  const reply = parsed.data as RpcReply<z.output<T>>;
  if (!reply.ok) throw new RpcRemoteError(subject, reply.error);
  return reply.data;
}

function unavailableError(subject: string, err: unknown): Error {
  if (err instanceof TimeoutError) return new RpcTimeoutError(subject, { cause: err });
  if (err instanceof RequestError && err.isNoResponders()) return new RpcNoRespondersError(subject, { cause: err });
  if (err instanceof ClosedConnectionError || err instanceof DrainingConnectionError) {
    return new RpcUnavailableError(subject, 'connection_closed', { cause: err });
  }
  // e.g. a request cancelled because the connection closed while it waited
  if (err instanceof RequestError) return new RpcUnavailableError(subject, 'connection_closed', { cause: err });
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Asks another service (a provider of `EventsModule`, so injectable everywhere):
 *
 * ```ts
 * const data = await this.rpc.request('rpc.operations.report-data', { companyId, projectId, periodStart, periodEnd });
 * ```
 *
 * The payload and the reply are typed and the reply is validated by `rpcContracts[subject]`.
 * Errors as `requestReply`; an `RpcUnavailableError` that reaches the HTTP filter answers 503.
 */
@Injectable()
export class RpcClient {
  constructor(@Inject(EventsConnection) private readonly events: EventsConnection) {}

  request<S extends RpcSubject>(
    subject: S,
    payload: RpcRequest<S>,
    options?: RequestReplyOptions,
  ): Promise<RpcReplyData<S>> {
    const contract = rpcContracts[subject];
    return requestReply(
      this.events.nc,
      this.events.subjectFor(subject),
      payload,
      contract.reply as unknown as z.ZodType<RpcReplyData<S>>,
      options,
    );
  }
}

/**
 * Base class of a responder: an `@Injectable()` provider that names its subject and implements
 * `handle`:
 *
 * ```ts
 * @Injectable()
 * export class ReportDataResponder extends RpcResponder<'rpc.operations.report-data'> {
 *   readonly subject = 'rpc.operations.report-data';
 *   constructor(private readonly service: ReportDataService) { super(); }
 *   handle(request: RpcParsedRequest<'rpc.operations.report-data'>) { return this.service.load(request); }
 * }
 * ```
 *
 * On bootstrap it subscribes with a queue group (one replica answers each request). Each request
 * is parsed as JSON and validated with the subject's request schema; `handle` runs with the parsed
 * request and its result is validated with the reply schema before it is sent as
 * `{ ok: true, data }`. Bad JSON or a bad request answers `{ ok: false, error: { code:
 * 'bad_request', message } }` with the first German issue; a `DomainError` thrown by `handle`
 * answers its code and message; anything else is logged and answers `internal`. The responder
 * never crashes on input. On shutdown the subscription is drained and running handlers finish.
 */
export abstract class RpcResponder<S extends RpcSubject> implements OnApplicationBootstrap, OnModuleDestroy {
  abstract readonly subject: S;
  /** Queue group; default: the subject (every replica of every service answering it shares one group). */
  protected readonly queueGroup: string | undefined = undefined;

  @Inject(EventsConnection) protected readonly eventsConnection!: EventsConnection;
  @Optional() @Inject(EVENTS_OPTIONS) private readonly eventsOptions?: ResolvedEventsOptions;
  protected readonly logger = new Logger(this.constructor.name);

  private subscription: Subscription | undefined;
  private readonly inFlight = new Set<Promise<void>>();

  /** Answers one valid request. Throw a `DomainError` (e.g. code `not_found`) for an error reply. */
  abstract handle(request: RpcParsedRequest<S>, context: { requestId: string | null }): Promise<RpcReplyData<S>>;

  async onApplicationBootstrap(): Promise<void> {
    if (this.eventsOptions?.runConsumers === false) return;
    const nc = this.eventsConnection.nc;
    const subject = this.eventsConnection.subjectFor(this.subject);
    this.subscription = nc.subscribe(subject, {
      queue: this.queueGroup ?? this.subject,
      callback: (err, msg) => {
        if (err) {
          this.logger.error({ msg: 'subscription error', subject, error: errorMessage(err) });
          return;
        }
        const work = this.respond(msg).catch((error: unknown) => {
          this.logger.error({ msg: 'responding failed', subject, error: errorMessage(error) });
        });
        this.inFlight.add(work);
        void work.finally(() => this.inFlight.delete(work));
      },
    });
    // the server knows the subscription before the app reports itself started
    await nc.flush();
    this.logger.log({ msg: 'responder subscribed', subject });
  }

  async onModuleDestroy(): Promise<void> {
    const sub = this.subscription;
    this.subscription = undefined;
    if (sub && !sub.isClosed()) await sub.drain().catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
  }

  private async respond(msg: Msg): Promise<void> {
    if (!msg.reply) {
      this.logger.warn({ msg: 'request without reply subject ignored', subject: msg.subject });
      return;
    }
    const requestId = msg.headers?.get(RPC_REQUEST_ID_HEADER) || null;
    const reply = await this.answer(msg, requestId);
    if (!reply.ok) {
      this.logger.log({ msg: 'request answered with an error', subject: this.subject, requestId, ...reply.error });
    }
    try {
      msg.respond(JSON.stringify(reply));
    } catch (err) {
      // the connection closed meanwhile: the caller times out
      this.logger.warn({ msg: 'reply not sent', subject: this.subject, requestId, error: errorMessage(err) });
    }
  }

  private async answer(msg: Msg, requestId: string | null): Promise<RpcReply<unknown>> {
    let raw: unknown;
    try {
      raw = msg.json();
    } catch {
      return { ok: false, error: { code: 'bad_request', message: RPC_MESSAGES.invalidJson } };
    }
    const contract = rpcContracts[this.subject];
    const request = contract.request.safeParse(raw);
    if (!request.success) {
      return { ok: false, error: { code: 'bad_request', message: firstIssueMessage(request.error) } };
    }
    try {
      const data = await this.handle(request.data as RpcParsedRequest<S>, { requestId });
      const checked = contract.reply.safeParse(data);
      if (!checked.success) {
        this.logger.error({
          msg: 'reply does not match its schema',
          subject: this.subject,
          requestId,
          issue: firstIssueMessage(checked.error),
          path: checked.error.issues[0]?.path.join('.'),
        });
        return { ok: false, error: { code: 'internal', message: RPC_MESSAGES.internal } };
      }
      return { ok: true, data: checked.data };
    } catch (err) {
      if (err instanceof DomainError) return { ok: false, error: { code: err.code, message: err.message } };
      this.logger.error({ msg: 'handler failed', subject: this.subject, requestId, error: errorMessage(err) });
      return { ok: false, error: { code: 'internal', message: RPC_MESSAGES.internal } };
    }
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
