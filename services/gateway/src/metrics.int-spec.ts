import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { metricsEndpoint, startMetricsServer } from './metrics.js';
import { createClient, startGateway, type TestGateway } from './testing/gateway.js';
import { startUpstream, type TestUpstream } from './testing/upstream.js';

// The gateway's metrics on their own port: families present, values moving, route patterns only,
// and nothing of it on the public port.
const client = createClient();
let auth: TestUpstream;
let billing: TestUpstream;
let gateway: TestGateway;
let metrics: { port: number; close(): Promise<void> };

async function scrape(): Promise<string> {
  const res = await client.send(`http://127.0.0.1:${metrics.port}/metrics`);
  expect(res.status).toBe(200);
  return res.text;
}
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => wanted.every((w) => line.includes(w)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

beforeAll(async () => {
  auth = await startUpstream('auth', (req, res) => {
    if (req.url === '/api/auth/login') {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"E-Mail oder Passwort falsch"}');
      return true;
    }
    return false;
  });
  billing = await startUpstream('billing');
  gateway = await startGateway({
    AUTH_SERVICE_URL: auth.url,
    BILLING_SERVICE_URL: billing.url,
    RATE_LIMIT_LOGIN_PER_MIN: '2',
  });
  metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await metrics?.close();
  await gateway?.close();
  await Promise.all([auth?.close(), billing?.close(), client.close()]);
});

describe('gateway metrics', () => {
  it('serves its families on the metrics port', async () => {
    const text = await scrape();
    for (const family of [
      'zunft_http_request_duration_seconds',
      'zunft_http_throttled_total',
      'zunft_login_failures_total',
      'zunft_process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
  });

  it('is not reachable through the public port', async () => {
    for (const path of ['/metrics', '/api/metrics', '/api/invoices/metrics/../../metrics']) {
      const res = await client.send(gateway.url + path);
      expect(res.text).not.toContain('# TYPE');
    }
    expect((await client.send(`${gateway.url}/api/metrics`)).status).toBe(404);
  });

  it('the duration histogram counts proxied requests per route pattern, never the id', async () => {
    const route = '/api/invoices/*';
    const before = value(await scrape(), 'zunft_http_request_duration_seconds_count', { route, status: '200' });
    await client.send(`${gateway.url}/api/invoices/3f1c0a52-0000-4000-8000-000000000001`);
    await client.send(`${gateway.url}/api/invoices/3f1c0a52-0000-4000-8000-000000000002`);
    const text = await scrape();
    expect(value(text, 'zunft_http_request_duration_seconds_count', { route, status: '200' })).toBe(before + 2);
    expect(text).not.toContain('3f1c0a52');
  });

  it('counts failed logins and the 429s of the login limit', async () => {
    const post = () =>
      client.send(`${gateway.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"a@b.ch","password":"falsch"}',
      });
    const before = await scrape();
    expect([(await post()).status, (await post()).status, (await post()).status]).toEqual([401, 401, 429]);
    const after = await scrape();
    expect(value(after, 'zunft_login_failures_total')).toBe(value(before, 'zunft_login_failures_total') + 2);
    expect(value(after, 'zunft_http_throttled_total')).toBe(value(before, 'zunft_http_throttled_total') + 1);
  });

  it('METRICS_PORT: 9100 on 127.0.0.1 by default, off, or a start error', () => {
    expect(metricsEndpoint({})).toEqual({ port: 9100, host: '127.0.0.1' });
    expect(metricsEndpoint({ METRICS_PORT: 'off' })).toBeNull();
    expect(() => metricsEndpoint({ METRICS_PORT: '99999' })).toThrow(/METRICS_PORT/);
  });
});
