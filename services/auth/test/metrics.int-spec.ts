import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerDataSourceMetrics, startMetricsServer, type MetricsServer } from '@zunft/nest-common';
import { uniqueEmail } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// The auth service's metrics scraped from its own endpoint: failed logins and the throttle's 429s
// counted on the login route template, the pool and outbox of its database.
let t: TestApp;
let metrics: MetricsServer;

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
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
  t = await createTestApp();
  registerDataSourceMetrics('auth', t.dataSource);
  metrics = await startMetricsServer({ port: 0 });
});

afterAll(async () => {
  await metrics?.close();
  await t?.close();
});

describe('auth metrics', () => {
  it('counts failed logins and the 429 of the login throttle on /api/auth/login', async () => {
    const before = await scrape();
    const email = uniqueEmail('niemand');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.http().post('/api/auth/login').send({ email, password: 'falsch123' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const after = await scrape();
    expect(value(after, 'zunft_login_failures_total')).toBe(value(before, 'zunft_login_failures_total') + 5);
    expect(value(after, 'zunft_http_throttled_total', { route: '/api/auth/login' })).toBe(
      value(before, 'zunft_http_throttled_total', { route: '/api/auth/login' }) + 1,
    );
    const count = (text: string) =>
      value(text, 'zunft_http_request_duration_seconds_count', { route: '/api/auth/login', status: '401' });
    expect(count(after)).toBe(count(before) + 5);
    expect(after).not.toContain(email);
  });

  it('shows the pool and the outbox of the auth database', async () => {
    const text = await scrape();
    expect(value(text, 'zunft_db_pool_waiting', { service: 'auth' })).toBe(0);
    expect(text).toMatch(/^zunft_outbox_backlog\{service="auth"\} \d+$/m);
    expect(text).toMatch(/^zunft_outbox_lag_seconds\{service="auth"\} [\d.e+-]+$/m);
  });
});
