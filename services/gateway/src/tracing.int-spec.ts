import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInMemoryTracing, type InMemoryTracing } from '@zunft/nest-common/testing';
import { createClient, startGateway, type TestGateway } from './testing/gateway.js';
import { startUpstream, type TestUpstream } from './testing/upstream.js';

/** The gateway continues the browser's W3C traceparent and hands its own span to the service. */
describe('gateway tracing', () => {
  const client = createClient();
  let auth: TestUpstream;
  let gateway: TestGateway;
  let tracing: InMemoryTracing;

  beforeAll(async () => {
    tracing = await startInMemoryTracing('gateway');
    auth = await startUpstream('auth');
    gateway = await startGateway({ AUTH_SERVICE_URL: auth.url });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([auth.close(), client.close()]);
    await tracing.shutdown();
  });

  it('one SERVER span per request, child of the browser span; the service gets that span as parent', async () => {
    const traceId = randomBytes(16).toString('hex');
    const browserSpan = randomBytes(8).toString('hex');
    const res = await client.send(`${gateway.url}/api/users`, {
      headers: { traceparent: `00-${traceId}-${browserSpan}-01` },
    });
    expect(res.status).toBe(200);

    const [span] = tracing.trace(traceId);
    expect(span?.name).toBe('GET /api/users');
    expect(span?.parentSpanContext?.spanId).toBe(browserSpan);
    expect(span?.attributes['http.response.status_code']).toBe(200);
    const forwarded = auth.requests.at(-1)?.headers.traceparent;
    expect(forwarded).toBe(`00-${traceId}-${span!.spanContext().spanId}-01`);
  });

  it('without a traceparent a new trace starts at the gateway', async () => {
    await client.send(`${gateway.url}/api/users`);
    const forwarded = String(auth.requests.at(-1)?.headers.traceparent);
    const [, traceId, spanId] = forwarded.split('-');
    expect(tracing.trace(traceId!).map((s) => s.spanContext().spanId)).toEqual([spanId]);
  });
});
