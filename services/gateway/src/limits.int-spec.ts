import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EXPENSE_MESSAGES, LOGO_ERRORS } from '@zunft/contracts';
import { MESSAGES } from './errors.js';
import { createClient, startGateway, type TestGateway } from './testing/gateway.js';
import { startUpstream, type TestUpstream } from './testing/upstream.js';

const MiB = 1024 * 1024;

/** Sends a body without Content-Length (chunked), the way a streaming client would. */
function postChunked(url: string, totalBytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      agent: false,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    // Writing may fail once the gateway has answered and closed; the answer is what counts.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/** Sends a body with Content-Length completely (as a browser uploads a file) and reads the answer. */
function sendWhole(
  url: string,
  totalBytes: number,
): Promise<{ status: number; body: string; writeError: string | null }> {
  return new Promise((resolve, reject) => {
    let writeError: string | null = null;
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(totalBytes) },
      agent: false,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          writeError,
        }),
      );
    });
    req.on('error', (error) => {
      writeError = error.message;
      if (!req.writableEnded) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 3);
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('body size limits', () => {
  const client = createClient();
  let auth: TestUpstream;
  let operations: TestUpstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startUpstream('auth');
    operations = await startUpstream('operations');
    gateway = await startGateway({ AUTH_SERVICE_URL: auth.url, OPERATIONS_SERVICE_URL: operations.url });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([auth.close(), operations.close(), client.close()]);
  });

  it('rejects a JSON body over 1 MB with 413 before it reaches the service', async () => {
    const before = auth.requests.length;
    const res = await client.send(`${gateway.url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(MiB + 10) }),
    });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ error: 'Die Anfrage ist zu gross' });
    expect(auth.requests.length).toBe(before);
  });

  it('lets a body just under 1 MB through', async () => {
    const body = JSON.stringify({ note: 'x'.repeat(MiB - 100) });
    const res = await client.send(`${gateway.url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(auth.requests.at(-1)?.bodyBytes).toBe(Buffer.byteLength(body));
  });

  it('allows a 5.5 MB logo upload but rejects 6.5 MB', async () => {
    const headers = { 'content-type': 'multipart/form-data; boundary=b' };
    const ok = await client.send(`${gateway.url}/api/companies/logo`, {
      method: 'POST',
      headers,
      body: Buffer.alloc(5.5 * MiB, 1),
    });
    expect(ok.status).toBe(200);
    const before = auth.requests.length;
    const tooBig = await client.send(`${gateway.url}/api/companies/logo`, {
      method: 'POST',
      headers,
      body: Buffer.alloc(6.5 * MiB, 1),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: LOGO_ERRORS.tooLarge });
    expect(auth.requests.length).toBe(before);
  });

  it('reads an upload up to twice its limit before the German 413, so the client gets the answer (no EPIPE)', async () => {
    const logo = await sendWhole(`${gateway.url}/api/companies/logo`, 7 * MiB);
    expect(logo).toMatchObject({ status: 413, writeError: null });
    expect(JSON.parse(logo.body)).toMatchObject({ error: 'Die Datei ist zu gross. Maximale Grösse: 5MB' });
    const receipt = await sendWhole(`${gateway.url}/api/expenses`, 12 * MiB);
    expect(receipt).toMatchObject({ status: 413, writeError: null });
    expect(JSON.parse(receipt.body)).toMatchObject({ error: EXPENSE_MESSAGES.receiptTooLarge });
  });

  it('allows 10.5 MB expense receipts (PUT /api/expenses/:id) but not on other operations routes', async () => {
    const headers = { 'content-type': 'multipart/form-data; boundary=b' };
    const receipt = await client.send(`${gateway.url}/api/expenses/12`, {
      method: 'PUT',
      headers,
      body: Buffer.alloc(10.5 * MiB, 2),
    });
    expect(receipt.status).toBe(200);
    const other = await client.send(`${gateway.url}/api/projects`, {
      method: 'POST',
      headers,
      body: Buffer.alloc(2 * MiB, 2),
    });
    expect(other.status).toBe(413);
  });

  it('stops a chunked body (no Content-Length) once it passes the limit', async () => {
    const res = await postChunked(`${gateway.url}/api/users/import`, 3 * MiB);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: MESSAGES.bodyTooLarge });
    const seen = auth.requests.filter((r) => r.url === '/api/users/import');
    for (const request of seen) expect(request.bodyBytes).toBeLessThanOrEqual(MiB);
  });

  it('streams a chunked body under the limit through completely', async () => {
    const res = await postChunked(`${gateway.url}/api/users/import-small`, 512 * 1024);
    expect(res.status).toBe(200);
    expect(auth.requests.at(-1)?.bodyBytes).toBe(512 * 1024);
  });
});

describe('rate limits (in memory)', () => {
  const client = createClient();
  let auth: TestUpstream;
  let billing: TestUpstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startUpstream('auth');
    billing = await startUpstream('billing');
    gateway = await startGateway({
      AUTH_SERVICE_URL: auth.url,
      BILLING_SERVICE_URL: billing.url,
      RATE_LIMIT_LOGIN_PER_MIN: '3',
      RATE_LIMIT_REGISTER_PER_MIN: '2',
      RATE_LIMIT_SUPERADMIN_PER_MIN: '1',
      RATE_LIMIT_PUBLIC_TOKEN_PER_MIN: '4',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([auth.close(), billing.close(), client.close()]);
  });

  const post = (path: string) =>
    client.send(gateway.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.ch","password":"x"}',
    });

  it('allows 3 logins per minute, then answers 429 with Retry-After and a German body', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post('/api/auth/login')).status);
    expect(statuses).toEqual([200, 200, 200]);
    const before = auth.requests.length;
    // A trailing slash (which the service would accept as the same route) counts as a login too.
    const limited = await post('/api/auth/login/');
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({
      error: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(auth.requests.length).toBe(before);
  });

  it('keeps separate counters per route: register and super-admin login have their own limits', async () => {
    expect((await post('/api/auth/register')).status).toBe(200);
    expect((await post('/api/auth/register')).status).toBe(200);
    expect((await post('/api/auth/register')).status).toBe(429);
    expect((await post('/api/auth/superadmin-login')).status).toBe(200);
    expect((await post('/api/auth/superadmin-login')).status).toBe(429);
  });

  it('does not limit other auth routes or GET on the login path', async () => {
    for (let i = 0; i < 6; i++) expect((await post('/api/auth/refresh')).status).toBe(200);
    expect((await client.send(`${gateway.url}/api/auth/login`)).status).toBe(200);
  });

  it('limits the public token routes (signature and quote acceptance share one budget per IP)', async () => {
    const statuses: number[] = [];
    for (const path of [
      '/api/signature/t1',
      '/api/signature/t1/sign',
      '/api/quote-acceptance/t2',
      '/api/quote-acceptance/t2',
    ]) {
      statuses.push((await client.send(gateway.url + path)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    const limited = await client.send(`${gateway.url}/api/signature/t3`);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['x-request-id']).toBeDefined();
  });
});

describe('rate limits in Redis (REDIS_URL), shared by two gateway replicas', () => {
  const client = createClient();
  let auth: TestUpstream;
  let first: TestGateway;
  let second: TestGateway;

  beforeAll(async () => {
    auth = await startUpstream('auth');
    const env = {
      AUTH_SERVICE_URL: auth.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      // A namespace per run: parallel runs on the same Redis do not share counters.
      RATE_LIMIT_NAMESPACE: `zunft-gw-test-${randomUUID()}:`,
      RATE_LIMIT_LOGIN_PER_MIN: '3',
      RATE_LIMIT_WINDOW_MS: '10000',
    };
    first = await startGateway(env);
    second = await startGateway(env);
  });

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await Promise.all([auth.close(), client.close()]);
  });

  it('counts logins across replicas', async () => {
    const login = (gateway: TestGateway) =>
      client.send(`${gateway.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await login(first)).status).toBe(200);
    expect((await login(second)).status).toBe(200);
    expect((await login(first)).status).toBe(200);
    const limited = await login(second);
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ error: MESSAGES.tooManyRequests });
  });
});
