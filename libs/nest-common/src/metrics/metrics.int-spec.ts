import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, HttpCode, HttpException, Module, Param, Post } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { eventMetrics } from '../events/dead-letters.js';
import { EVENT_MIGRATIONS } from '../events/event-tables.js';
import { configureHttpApp } from '../http/configure-http-app.js';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { registerDataSourceMetrics, unregisterDataSourceMetrics } from './database-metrics.js';
import { httpMetricsMiddleware } from './http-metrics.js';
import { metricsEndpointFromEnv, startMetricsServer, type MetricsServer } from './metrics-server.js';

@Controller('things')
class ThingsController {
  @Get(':id')
  one(@Param('id') id: string) {
    return { id };
  }
  @Post('login')
  @HttpCode(200)
  login() {
    throw new HttpException({ error: 'Zu viele Versuche' }, 429);
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

let db: TestDatabase;
let dataSource: DataSource;
let app: INestApplication;
let metrics: MetricsServer;

/** One scrape of our own endpoint: `name{labels} value` → value (summed over matching lines). */
async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!wanted.every((w) => line.includes(w))) continue;
    found = true;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return found ? sum : NaN;
}

beforeAll(async () => {
  db = await createTestDatabase('nest_common_metrics');
  dataSource = new DataSource({ type: 'postgres', url: db.url, migrations: EVENT_MIGRATIONS });
  await dataSource.initialize();
  await dataSource.runMigrations();
  registerDataSourceMetrics('metrics-test', dataSource);
  const moduleRef = await Test.createTestingModule({ imports: [ThingsModule] }).compile();
  app = moduleRef.createNestApplication();
  configureHttpApp(app, { logger: pino({ level: 'silent' }) });
  await app.init();
  metrics = await startMetricsServer({ port: 0 });
});

afterAll(async () => {
  unregisterDataSourceMetrics('metrics-test');
  await metrics?.close();
  await app?.close();
  await dataSource?.destroy();
  if (db) await dropTestDatabase(db);
});

describe('metrics endpoint', () => {
  it('serves every family of nest-common on /metrics only', async () => {
    const text = await scrape();
    for (const family of [
      'zunft_http_request_duration_seconds',
      'zunft_login_failures_total',
      'zunft_http_throttled_total',
      'zunft_events_dead_lettered_total',
      'zunft_events_redelivered_total',
      'zunft_db_pool_connections_in_use',
      'zunft_db_pool_waiting',
      'zunft_outbox_backlog',
      'zunft_outbox_lag_seconds',
      'zunft_process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
    // the service's own HTTP port (the one the gateway proxies to) has no metrics route
    await request(app.getHttpServer()).get('/metrics').expect(404);
    await request(app.getHttpServer()).get('/api/metrics').expect(404);
  });

  it('the HTTP histogram counts per route template, never the id', async () => {
    const first = await scrape();
    const before = value(first, 'zunft_http_request_duration_seconds_count', {
      route: '/api/things/:id',
      status: '200',
    });
    const unmatchedBefore = value(first, 'zunft_http_request_duration_seconds_count', {
      route: 'unmatched',
      status: '404',
    });
    await request(app.getHttpServer()).get('/api/things/4711').expect(200);
    await request(app.getHttpServer()).get('/api/things/0815').expect(200);
    await request(app.getHttpServer()).get('/api/nothing/here').expect(404);
    const text = await scrape();
    expect(value(text, 'zunft_http_request_duration_seconds_count', { route: '/api/things/:id', status: '200' })).toBe(
      (Number.isNaN(before) ? 0 : before) + 2,
    );
    expect(value(text, 'zunft_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(
      (Number.isNaN(unmatchedBefore) ? 0 : unmatchedBefore) + 1,
    );
    expect(text).not.toContain('4711');
    expect(text).not.toContain('/api/nothing');
  });

  it('counts 429 answers per route', async () => {
    await request(app.getHttpServer()).post('/api/things/login').expect(429);
    expect(value(await scrape(), 'zunft_http_throttled_total', { route: '/api/things/login' })).toBe(1);
  });

  it('the outbox backlog grows with unpublished events and shrinks when they are published', async () => {
    let text = await scrape();
    expect(value(text, 'zunft_outbox_backlog', { service: 'metrics-test' })).toBe(0);
    expect(value(text, 'zunft_outbox_lag_seconds', { service: 'metrics-test' })).toBe(0);
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) {
      await dataSource.query(
        `INSERT INTO outbox_events (id, type, version, company_id, data, occurred_at)
         VALUES ($1, 'test.thing.happened', 1, $2, '{}', now() - interval '40 seconds')`,
        [id, randomUUID()],
      );
    }
    text = await scrape();
    expect(value(text, 'zunft_outbox_backlog', { service: 'metrics-test' })).toBe(2);
    expect(value(text, 'zunft_outbox_lag_seconds', { service: 'metrics-test' })).toBeGreaterThanOrEqual(40);
    await dataSource.query(`UPDATE outbox_events SET published_at = now() WHERE id = $1`, [ids[0]]);
    expect(value(await scrape(), 'zunft_outbox_backlog', { service: 'metrics-test' })).toBe(1);
    await dataSource.query(`UPDATE outbox_events SET published_at = now()`);
    text = await scrape();
    expect(value(text, 'zunft_outbox_backlog', { service: 'metrics-test' })).toBe(0);
    expect(value(text, 'zunft_outbox_lag_seconds', { service: 'metrics-test' })).toBe(0);
  });

  it('the pool gauge shows a connection held by a transaction', async () => {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      expect(
        value(await scrape(), 'zunft_db_pool_connections_in_use', { service: 'metrics-test' }),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('dead letters and redeliveries of the consumers appear per consumer', async () => {
    eventMetrics.deadLettered.set('metrics-test-consumer', 3);
    eventMetrics.redelivered.set('metrics-test-consumer', 5);
    const text = await scrape();
    expect(value(text, 'zunft_events_dead_lettered_total', { consumer: 'metrics-test-consumer' })).toBe(3);
    expect(value(text, 'zunft_events_redelivered_total', { consumer: 'metrics-test-consumer' })).toBe(5);
    eventMetrics.deadLettered.delete('metrics-test-consumer');
    eventMetrics.redelivered.delete('metrics-test-consumer');
  });
});

describe('cost on the request path', () => {
  it('the middleware costs a few microseconds of CPU per request (one listener, one histogram update)', () => {
    const N = 20_000;
    const started = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as ServerResponse;
      const req = { method: 'GET', route: { path: '/api/cost/:id' } } as unknown as IncomingMessage;
      httpMetricsMiddleware(req, res, () => undefined);
      res.emit('finish');
    }
    const cpu = process.cpuUsage(started);
    const microsPerRequest = (cpu.user + cpu.system) / N;
    // A list answer takes milliseconds; 25 µs would be < 1 % of the 5 ms a fast list needs.
    expect(microsPerRequest).toBeLessThan(25);
  });
});

describe('METRICS_PORT', () => {
  it('defaults per process on 127.0.0.1, "off" turns it off, nonsense is a start error', () => {
    expect(metricsEndpointFromEnv(9101, {})).toEqual({ port: 9101, host: '127.0.0.1' });
    expect(metricsEndpointFromEnv(9101, { METRICS_PORT: '9200', METRICS_HOST: '0.0.0.0' })).toEqual({
      port: 9200,
      host: '0.0.0.0',
    });
    expect(metricsEndpointFromEnv(9101, { METRICS_PORT: 'off' })).toBeNull();
    expect(() => metricsEndpointFromEnv(9101, { METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT/);
  });
});
