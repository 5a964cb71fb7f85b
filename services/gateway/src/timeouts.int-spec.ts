// Slow clients: a request whose headers or body do not arrive within the configured time is
// answered 408 in German and closed, instead of holding a socket for minutes.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import { CLIENT_ERROR_MESSAGES } from './client-error.js';
import { startGateway, type TestGateway } from './testing/gateway.js';
import { startUpstream, type TestUpstream } from './testing/upstream.js';

let gateway: TestGateway;
let upstream: TestUpstream;

beforeAll(async () => {
  upstream = await startUpstream('auth');
  gateway = await startGateway({
    AUTH_SERVICE_URL: upstream.url,
    REQUEST_TIMEOUT_MS: '1500',
    HEADERS_TIMEOUT_MS: '800',
  });
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

/** Writes `parts` to a raw socket (then nothing more) and collects what comes back until close. */
function slowClient(parts: string[]): Promise<{ raw: string; ms: number }> {
  const { port } = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      for (const part of parts) socket.write(part);
    });
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    socket.on('close', () => resolve({ raw, ms: Date.now() - started }));
    socket.on('error', (error) => (raw ? undefined : reject(error)));
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error('no answer within 10 s'));
    });
  });
}

describe('gateway request timeouts', () => {
  it('answers a body that stalls with 408 in German within REQUEST_TIMEOUT_MS (+1 s check interval)', async () => {
    const { raw, ms } = await slowClient([
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      '{"email":"a',
    ]);
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(raw).toContain(JSON.stringify({ error: CLIENT_ERROR_MESSAGES.timeout }));
    expect(CLIENT_ERROR_MESSAGES.timeout).toBe('Zeitüberschreitung: Die Anfrage kam nicht rechtzeitig an');
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(3500);
    expect(upstream.requests).toHaveLength(0); // nothing half-received went on to the service
  });

  it('answers headers that never end with 408 within HEADERS_TIMEOUT_MS (+1 s check interval)', async () => {
    const { raw, ms } = await slowClient(['GET /api/auth/me HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1']);
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(700);
    expect(ms).toBeLessThan(3000);
  });
});
