// A tiny real HTTP service standing in for auth/operations/billing in gateway tests. It records
// every request (with a hash of its body) and answers a few scripted paths.
import { createHash } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
  sha256: string;
}

export interface TestUpstream {
  name: string;
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Deterministic binary payload (all 256 byte values, not valid UTF-8) for download tests. */
export function binaryPayload(size: number): Buffer {
  const buffer = Buffer.alloc(size);
  for (let i = 0; i < size; i++) buffer[i] = (i * 31 + (i >> 8)) & 0xff;
  return buffer;
}

export const PDF_BYTES = binaryPayload(300_000);

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => boolean | void;

export async function startUpstream(name: string, custom?: UpstreamHandler): Promise<TestUpstream> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => undefined);
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        bodyBytes: body.length,
        sha256: sha256(body),
      };
      if (req.url !== '/health') requests.push(recorded);
      if (custom?.(req, res, body)) return;

      const path = (req.url ?? '').split('?')[0];
      if (path === '/health') return json(res, 200, { status: 'ok' });
      if (path === '/api/auth/login') {
        return json(
          res,
          200,
          { service: name, token: 't' },
          {
            'set-cookie': ['zunft_refresh=abc; Path=/api/auth; HttpOnly; SameSite=Strict', 'other=1; Path=/'],
          },
        );
      }
      if (path === '/api/users/export.pdf') {
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-length': String(PDF_BYTES.length),
          'content-disposition': 'attachment; filename="export.pdf"',
        });
        return res.end(PDF_BYTES);
      }
      if (path?.startsWith('/api/companies/logo/')) {
        res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' });
        return res.end('png');
      }
      if (path === '/api/auth/slow') {
        const timer = setTimeout(() => json(res, 200, { service: name, slow: true }), 5_000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      if (path === '/api/auth/unavailable') return json(res, 503, { error: 'Wartung' }, { 'retry-after': '1' });
      return json(res, 200, { service: name, ...recorded, headers: req.headers });
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
