// Request/reply against the machine's real NATS (core NATS, no database): a stream name of its own
// per run, so every subject carries the run's prefix and never reaches a running stack's responders.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable, type Provider } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  RPC_MESSAGES,
  billingUserDependenciesSchema,
  type RpcParsedRequest,
  type RpcReplyData,
} from '@zunft/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '../errors/domain.error.js';
import {
  EventsConnection,
  RpcClient,
  RpcInvalidReplyError,
  RpcNoRespondersError,
  RpcRemoteError,
  RpcResponder,
  RpcTimeoutError,
  RpcUnavailableError,
  requestReply,
  resolveEventsOptions,
} from './index.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const STREAM = `ZUNFT_RPC_TEST_${randomBytes(4).toString('hex').toUpperCase()}`;
const PREFIX = `${STREAM}.`;

/** userId → behaviour of the test responder. */
const NOT_FOUND_USER = randomUUID();
const CRASHING_USER = randomUUID();
const BAD_REPLY_USER = randomUUID();

@Injectable()
class BillingDependenciesResponder extends RpcResponder<'rpc.billing.user-dependencies'> {
  readonly subject = 'rpc.billing.user-dependencies';
  readonly seen: string[] = [];

  async handle(
    request: RpcParsedRequest<'rpc.billing.user-dependencies'>,
  ): Promise<RpcReplyData<'rpc.billing.user-dependencies'>> {
    this.seen.push(request.userId);
    if (request.userId === NOT_FOUND_USER) throw new DomainError('not_found', 'Benutzer nicht gefunden', 404);
    if (request.userId === CRASHING_USER) throw new Error('database gone');
    if (request.userId === BAD_REPLY_USER) return { reports: -1 };
    return { reports: request.userId.length % 7 };
  }
}

function connectionProvider(): Provider {
  return {
    provide: EventsConnection,
    useFactory: () =>
      EventsConnection.connect(
        resolveEventsOptions({ serviceName: 'rpc-test', natsUrl: NATS_URL, streamName: STREAM }),
      ),
  };
}

async function createModule(providers: Provider[]): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({ providers: [connectionProvider(), ...providers] }).compile();
  moduleRef.useLogger(false);
  await moduleRef.init();
  return moduleRef;
}

let service: TestingModule | undefined;
let caller: TestingModule;
let client: RpcClient;
let nc: NatsConnection;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  service = await createModule([BillingDependenciesResponder]);
  caller = await createModule([RpcClient]);
  client = caller.get(RpcClient);
  nc = await connect({ servers: NATS_URL });
});

afterAll(async () => {
  await service?.close();
  await caller?.close();
  if (nc) {
    await (await jetstreamManager(nc)).streams.delete(STREAM).catch(() => undefined);
    await nc.close();
  }
  process.off('unhandledRejection', onUnhandled);
});

/** A raw request (no client-side validation), for payloads the typed client would not send. */
async function raw(subject: string, payload: string): Promise<unknown> {
  return (await nc.request(PREFIX + subject, payload, { timeout: 2000 })).json();
}

describe('request/reply', () => {
  it('answers a valid request with the handler data', async () => {
    const userId = randomUUID();
    const data = await client.request('rpc.billing.user-dependencies', { companyId: randomUUID(), userId });
    expect(data).toEqual({ reports: userId.length % 7 });
    expect(service!.get(BillingDependenciesResponder).seen).toContain(userId);
    // the wire format: the envelope on the prefixed subject
    expect(
      await raw('rpc.billing.user-dependencies', JSON.stringify({ companyId: randomUUID(), userId: randomUUID() })),
    ).toEqual({ ok: true, data: { reports: expect.any(Number) } });
  });

  it('answers bad input with ok:false bad_request and a German message, and keeps answering', async () => {
    expect(
      await raw('rpc.billing.user-dependencies', JSON.stringify({ companyId: randomUUID(), userId: 'x' })),
    ).toEqual({ ok: false, error: { code: 'bad_request', message: 'Ungültige Benutzer-ID' } });
    expect(await raw('rpc.billing.user-dependencies', 'kein JSON {')).toEqual({
      ok: false,
      error: { code: 'bad_request', message: RPC_MESSAGES.invalidJson },
    });
    expect(await raw('rpc.billing.user-dependencies', '')).toEqual({
      ok: false,
      error: { code: 'bad_request', message: RPC_MESSAGES.invalidJson },
    });
    // the typed client surfaces it as a 400 RpcRemoteError
    const err = await client
      .request('rpc.billing.user-dependencies', { companyId: randomUUID(), userId: 'keine-uuid' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcRemoteError);
    expect(err).toMatchObject({ code: 'bad_request', status: 400, message: 'Ungültige Benutzer-ID' });
    // still alive
    await expect(
      client.request('rpc.billing.user-dependencies', { companyId: randomUUID(), userId: randomUUID() }),
    ).resolves.toEqual({ reports: expect.any(Number) });
  });

  it('passes a DomainError of the handler on as code and message (404 for not_found)', async () => {
    const err = await client
      .request('rpc.billing.user-dependencies', { companyId: randomUUID(), userId: NOT_FOUND_USER })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcRemoteError);
    expect(err).toMatchObject({ code: 'not_found', status: 404, message: 'Benutzer nicht gefunden' });
  });

  it('answers internal for a crashing handler and for data that breaks the reply schema', async () => {
    for (const userId of [CRASHING_USER, BAD_REPLY_USER]) {
      expect(await raw('rpc.billing.user-dependencies', JSON.stringify({ companyId: randomUUID(), userId }))).toEqual({
        ok: false,
        error: { code: 'internal', message: 'Interner Serverfehler' },
      });
    }
  });

  it('rejects a reply that is not a valid envelope (502)', async () => {
    const subject = `${PREFIX}rpc.test.broken-${randomBytes(3).toString('hex')}`;
    const sub = nc.subscribe(subject, {
      callback: (_e, msg) => {
        msg.respond(JSON.stringify({ ok: true, data: {} }));
      },
    });
    await nc.flush();
    try {
      const err = await requestReply(caller.get(EventsConnection).nc, subject, {}, billingUserDependenciesSchema).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RpcInvalidReplyError);
      expect(err).toMatchObject({ status: 502, message: RPC_MESSAGES.invalidReply });
    } finally {
      sub.unsubscribe();
    }
  });

  it('fails at once with a typed 503 error when nobody listens', async () => {
    const started = Date.now();
    const err = await client
      .request(
        'rpc.operations.user-dependencies',
        { companyId: randomUUID(), userId: randomUUID() },
        { timeoutMs: 5000 },
      )
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(err).toBeInstanceOf(RpcNoRespondersError);
    expect(err).toBeInstanceOf(RpcUnavailableError);
    expect(err).toMatchObject({
      reason: 'no_responders',
      status: 503,
      code: 'service_unavailable',
      message: 'Der Dienst antwortet nicht. Bitte später erneut versuchen.',
    });
  });

  it('times out within the timeout when the responder is too slow', async () => {
    // a responder that takes the request and never answers
    const sub = nc.subscribe(`${PREFIX}rpc.operations.user-dependencies`, { callback: () => undefined });
    await nc.flush();
    try {
      const started = Date.now();
      const err = await client
        .request(
          'rpc.operations.user-dependencies',
          { companyId: randomUUID(), userId: randomUUID() },
          { timeoutMs: 300 },
        )
        .catch((e: unknown) => e);
      const elapsed = Date.now() - started;
      expect(err).toBeInstanceOf(RpcTimeoutError);
      expect(err).toMatchObject({ reason: 'timeout', status: 503 });
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(1500);
    } finally {
      sub.unsubscribe();
    }
  });

  it('stops answering when the responding app shuts down (callers get no_responders, no hang)', async () => {
    const second = await createModule([BillingDependenciesResponder]);
    await second.close();
    await service!.close();
    service = undefined;
    const started = Date.now();
    const err = await client
      .request('rpc.billing.user-dependencies', { companyId: randomUUID(), userId: randomUUID() }, { timeoutMs: 3000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcUnavailableError);
    expect(Date.now() - started).toBeLessThan(3500);
    expect(unhandled).toEqual([]);
  });
});
