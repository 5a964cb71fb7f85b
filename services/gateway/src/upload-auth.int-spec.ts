import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { INVOICE_MESSAGES } from '@zunft/contracts';
import { startGateway, type TestGateway } from './testing/gateway.js';
import { startUpstream, type TestUpstream } from './testing/upstream.js';

const MiB = 1024 * 1024;

/**
 * A service that refuses an upload the way billing's JWT guard does: 401 (or 403) as soon as the
 * headers arrive, before it reads a byte of the body; `close` also ends the connection at once
 * (what a server does that will not read a large unwanted body).
 */
async function startRefusingUpstream(
  close: boolean,
): Promise<{ url: string; bodiesRead: number[]; close(): Promise<void> }> {
  const bodiesRead: number[] = [];
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const auth = req.headers.authorization;
    if (auth === 'Bearer good') {
      let n = 0;
      req.on('data', (c: Buffer) => (n += c.length));
      req.on('end', () => {
        bodiesRead.push(n);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ bytes: n }));
      });
      return;
    }
    const [status, error] = auth ? [403, 'Keine Berechtigung'] : [401, 'Bitte melden Sie sich an'];
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      ...(close ? { connection: 'close' } : {}),
    });
    res.end(JSON.stringify({ error, code: status === 401 ? 'unauthenticated' : 'forbidden' }));
    if (close) req.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodiesRead,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Uploads `bytes` with Content-Length like a browser; the answer and whether writing failed. */
function upload(
  url: string,
  bytes: number,
  token?: string,
): Promise<{ status: number; body: string; contentType: string | undefined; writeError: string | null }> {
  return new Promise((resolve, reject) => {
    let writeError: string | null = null;
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'multipart/form-data; boundary=b',
        'content-length': String(bytes),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          contentType: res.headers['content-type'],
          writeError,
        }),
      );
    });
    req.on('error', (error) => {
      writeError = error.message;
      if (!req.writableEnded) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 5);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe.each([
  ['keeps the connection', false],
  ['closes the connection', true],
])('camt upload: the service refuses the token and %s', (_name, close) => {
  let billing: Awaited<ReturnType<typeof startRefusingUpstream>>;
  let auth: TestUpstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    billing = await startRefusingUpstream(close);
    auth = await startUpstream('auth');
    gateway = await startGateway({ AUTH_SERVICE_URL: auth.url, BILLING_SERVICE_URL: billing.url });
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([billing.close(), auth.close()]);
  });

  it('a 10 MB bank file with a valid token reaches the service (was 413 above 2 MiB)', async () => {
    const res = await upload(`${gateway.url}/api/invoices/payments/import`, 10 * 1000 * 1000, 'good');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ bytes: 10 * 1000 * 1000 });
  });

  it('missing token: 401 JSON, no reset connection, no 502', async () => {
    const res = await upload(`${gateway.url}/api/invoices/payments/import`, 8 * MiB);
    expect(res).toMatchObject({ status: 401, writeError: null });
    expect(res.contentType).toContain('application/json');
    expect(JSON.parse(res.body)).toMatchObject({ error: 'Bitte melden Sie sich an' });
  });

  it('wrong token: 403 JSON, no reset connection, no 502', async () => {
    const res = await upload(`${gateway.url}/api/invoices/payments/import`, 8 * MiB, 'wrong');
    expect(res).toMatchObject({ status: 403, writeError: null });
    expect(JSON.parse(res.body)).toMatchObject({ error: 'Keine Berechtigung' });
  });

  it('above 10 MB (plus the multipart envelope): the German 413', async () => {
    const res = await upload(`${gateway.url}/api/invoices/payments/import`, 12 * MiB, 'good');
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error).toBe(INVOICE_MESSAGES.importTooLarge);
  });
});
