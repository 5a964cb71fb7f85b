import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES } from './errors.js';
import { createClient, startGateway, type TestGateway } from './testing/gateway.js';
import { binaryPayload, closedPort, PDF_BYTES, sha256, startUpstream, type TestUpstream } from './testing/upstream.js';

/** Sends raw bytes (what a client library would refuse to send) and reads the whole answer. */
function rawRequest(baseUrl: string, text: string): Promise<{ head: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e) => (chunks.length > 0 ? undefined : reject(e)));
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const split = all.indexOf('\r\n\r\n');
      resolve({ head: all.slice(0, split), body: all.slice(split + 4) });
    });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('gateway routing to real upstream services', () => {
  const client = createClient();
  let auth: TestUpstream;
  let operations: TestUpstream;
  let billing: TestUpstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startUpstream('auth');
    operations = await startUpstream('operations');
    billing = await startUpstream('billing');
    gateway = await startGateway({
      AUTH_SERVICE_URL: auth.url,
      OPERATIONS_SERVICE_URL: operations.url,
      BILLING_SERVICE_URL: billing.url,
      UPSTREAM_TIMEOUT_MS: '400',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([auth.close(), operations.close(), billing.close(), client.close()]);
  });

  it.each([
    ['/api/auth/profile', 'auth'],
    ['/api/companies/settings', 'auth'],
    ['/api/users', 'auth'],
    ['/api/subscriptions/current', 'auth'],
    ['/api/customers/42', 'operations'],
    ['/api/projects', 'operations'],
    ['/api/time-entries/active', 'operations'],
    ['/api/materials', 'operations'],
    ['/api/expenses/7/receipt', 'operations'],
    ['/api/dashboard/stats', 'operations'],
    ['/api/schedule/assignments/5', 'operations'],
    ['/api/quotes', 'billing'],
    ['/api/reports/3/images', 'billing'],
    ['/api/invoices/9/pdf', 'billing'],
    ['/api/signature/tok_123', 'billing'],
    ['/api/quote-acceptance/tok_456', 'billing'],
    ['/api/accounting/journal', 'billing'],
  ])('routes %s to %s with the path unchanged', async (path, service) => {
    const url = `${path}?page=2&q=M%C3%BCller%20AG`;
    const res = await client.send(gateway.url + url);
    expect(res.status).toBe(200);
    const body = res.json<{ service: string; url: string }>();
    expect(body.service).toBe(service);
    expect(body.url).toBe(url);
  });

  it('answers 404 with a German body for an unknown /api path, without calling any service', async () => {
    const before = auth.requests.length + operations.requests.length + billing.requests.length;
    for (const path of ['/api/unknown', '/api/authx/login', '/api', '/api/']) {
      const res = await client.send(gateway.url + path, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ error: MESSAGES.unknownApiPath });
    }
    expect(auth.requests.length + operations.requests.length + billing.requests.length).toBe(before);
  });

  it('keeps a sane incoming x-request-id, forwards it and returns it', async () => {
    const res = await client.send(`${gateway.url}/api/users`, { headers: { 'x-request-id': 'req_Abc-123' } });
    expect(res.headers['x-request-id']).toBe('req_Abc-123');
    expect(auth.requests.at(-1)?.headers['x-request-id']).toBe('req_Abc-123');
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with forbidden characters', 'abc"; rm -rf /'],
    ['empty', ''],
  ])('replaces an x-request-id that is %s by a UUID, sent upstream and back', async (_label, incoming) => {
    const res = await client.send(`${gateway.url}/api/users`, { headers: { 'x-request-id': incoming } });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(auth.requests.at(-1)?.headers['x-request-id']).toBe(id);
  });

  it('generates a request id when none is sent and puts it on gateway errors too', async () => {
    const res = await client.send(`${gateway.url}/api/nothing-here`);
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('sets X-Forwarded-* from the connection and ignores a client-supplied chain (TRUST_PROXY off)', async () => {
    await client.send(`${gateway.url}/api/users`, {
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' },
    });
    const headers = auth.requests.at(-1)!.headers;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
  });

  it('passes every Set-Cookie header of the service through', async () => {
    const res = await client.send(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'anna@example.ch', password: 'geheim123', rememberMe: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toEqual([
      'zunft_refresh=abc; Path=/api/auth; HttpOnly; SameSite=Strict',
      'other=1; Path=/',
    ]);
    const upstreamRequest = auth.requests.at(-1)!;
    expect(upstreamRequest.headers['content-type']).toBe('application/json');
    expect(upstreamRequest.bodyBytes).toBe(
      Buffer.byteLength(JSON.stringify({ email: 'anna@example.ch', password: 'geheim123', rememberMe: true })),
    );
  });

  it('forwards cookies from the browser to the service', async () => {
    await client.send(`${gateway.url}/api/auth/refresh`, { method: 'POST', headers: { cookie: 'zunft_refresh=xyz' } });
    expect(auth.requests.at(-1)?.headers.cookie).toBe('zunft_refresh=xyz');
  });

  it('streams a multipart upload through byte for byte (logo, 3 MB)', async () => {
    const boundary = '----zunftBoundary7MA4YWxkTrZu0gW';
    const file = binaryPayload(3 * 1024 * 1024);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await client.send(`${gateway.url}/api/companies/logo`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(200);
    const seen = auth.requests.at(-1)!;
    expect(seen.url).toBe('/api/companies/logo');
    expect(seen.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
    expect(seen.bodyBytes).toBe(body.length);
    expect(seen.sha256).toBe(sha256(body));
  });

  it('passes a binary download (PDF) through untouched', async () => {
    const res = await client.send(`${gateway.url}/api/users/export.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(PDF_BYTES.length));
    expect(res.headers['content-disposition']).toBe('attachment; filename="export.pdf"');
    expect(res.body.equals(PDF_BYTES)).toBe(true);
  });

  it('marks API answers, PDFs and the public quote/signature JSON Cache-Control: no-store', async () => {
    for (const path of [
      '/api/auth/profile',
      '/api/users/export.pdf',
      '/api/quote-acceptance/tok_1',
      '/api/signature/tok_2',
    ]) {
      const res = await client.send(gateway.url + path);
      expect([path, res.status, res.headers['cache-control']]).toEqual([path, 200, 'no-store']);
    }
  });

  it('keeps a cache policy the service chose itself (e.g. the public logo)', async () => {
    const res = await client.send(`${gateway.url}/api/companies/logo/a.png`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 60 KB of headers with a German 431 and the security headers', async () => {
    const res = await rawRequest(
      gateway.url,
      `GET /api/auth/profile HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(60 * 1024)}\r\n\r\n`,
    );
    expect(res.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(res.body)).toEqual({ error: 'Die Anfrage-Header sind zu gross' });
    expect(res.head).toMatch(/x-content-type-options: nosniff/i);
    expect(res.head).toMatch(/x-frame-options: deny/i);
    expect(res.head).toMatch(/content-security-policy: default-src 'none'/i);
    expect(res.head).toMatch(/cache-control: no-store/i);
  });

  it('passes an upstream 503 through once, without retrying it', async () => {
    const before = auth.requests.filter((r) => r.url === '/api/auth/unavailable').length;
    const res = await client.send(`${gateway.url}/api/auth/unavailable`);
    expect(res.status).toBe(503);
    expect(res.json()).toEqual({ error: 'Wartung' });
    expect(auth.requests.filter((r) => r.url === '/api/auth/unavailable').length).toBe(before + 1);
  });

  it('answers 504 with a German message when the service does not answer in time', async () => {
    const started = Date.now();
    const res = await client.send(`${gateway.url}/api/auth/slow`);
    expect(res.status).toBe(504);
    expect(res.json()).toMatchObject({ error: MESSAGES.upstreamTimeout });
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('does not leak the service connection headers (keep-alive) to the client', async () => {
    const res = await client.send(`${gateway.url}/api/users`);
    expect(res.headers['keep-alive']).not.toBe('timeout=5');
  });

  it('reports each configured service on /healthz and answers /livez', async () => {
    const health = await client.send(`${gateway.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'ok',
      gateway: 'ok',
      upstreams: { auth: { status: 'ok', httpStatus: 200 }, operations: { status: 'ok' }, billing: { status: 'ok' } },
    });
    const live = await client.send(`${gateway.url}/livez`);
    expect(live.status).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });
});

describe('gateway with only the auth service configured', () => {
  const client = createClient();
  let auth: TestUpstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startUpstream('auth');
    gateway = await startGateway({ AUTH_SERVICE_URL: auth.url });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([auth.close(), client.close()]);
  });

  it('does not register routes of services without a URL', async () => {
    for (const path of ['/api/customers', '/api/invoices/1', '/api/signature/tok']) {
      const res = await client.send(gateway.url + path);
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ error: MESSAGES.unknownApiPath });
    }
    const health = await client.send(`${gateway.url}/healthz`);
    expect(Object.keys(health.json<{ upstreams: object }>().upstreams)).toEqual(['auth']);
  });
});

describe('gateway with the service down', () => {
  const client = createClient();
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startGateway({ AUTH_SERVICE_URL: `http://127.0.0.1:${await closedPort()}` });
  });

  afterAll(async () => {
    await gateway.close();
    await client.close();
  });

  it('answers 502 with the German message', async () => {
    const res = await client.send(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.ch","password":"x"}',
    });
    expect(res.status).toBe(502);
    expect(res.json()).toEqual({ error: MESSAGES.upstreamUnavailable, requestId: res.headers['x-request-id'] });
    expect(MESSAGES.upstreamUnavailable).toBe(
      'Dienst vorübergehend nicht erreichbar. Bitte versuchen Sie es später erneut.',
    );
  });

  it('reports the service as down on /healthz (503, degraded) while /livez stays ok', async () => {
    const health = await client.send(`${gateway.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      gateway: 'ok',
      upstreams: { auth: { status: 'down', error: 'unreachable' } },
    });
    expect((await client.send(`${gateway.url}/livez`)).status).toBe(200);
  });
});
