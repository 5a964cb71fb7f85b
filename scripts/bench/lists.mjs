#!/usr/bin/env node
// List benchmark (issue 13 "Lists stay fast at real scale"): `npm run bench:lists`.
//
// Seeds a database of its own (zunft_bench_*: 1,000,000 time entries, 100,000 of them in one
// company; 300,000 material usages, expenses, customers and projects, 100,000 of each in that
// company) with INSERT … SELECT generate_series, starts auth + operations + gateway on their own
// ports (scripts/lib/stack.mjs, like the e2e stack), registers the company through the gateway,
// and measures every list through the gateway: page 1, a deep page by cursor (after row 50,000)
// and page 1000 by page/pageSize (50 rows a page). The same run measures a bare Fastify + pg
// server answering the same SQL (operations' own repositories over a pg Pool, no gateway, no Nest,
// no token check): the ratio shows what the stack adds to the queries.
//
// Every case runs through the gateway at a steady 200 requests/s (the goal: p95 ≤ 50 ms; an
// open-loop generator, measureSteady below) and unthrottled with autocannon (the requests/s it
// sustains), straight to the operations service at 200/s (what the gateway hop costs), and on the
// baseline both ways. Each list gets an unmeasured 2 s warm-up. Needs built services
// (`npx nx run-many -t build -p auth operations gateway`). It is a benchmark, not a test: numbers
// depend on the machine and its load.
//
// Environment: BENCH_PORT_BASE (19400), BENCH_DURATION seconds per run (8), BENCH_RATE (200),
// BENCH_TIME_ENTRIES (1000000), BENCH_COMPANY_ROWS (100000), BENCH_OTHER_ROWS (200000: rows of the
// other lists outside the company), BENCH_LISTS (comma list of names, default all), BENCH_CASES
// (page1,cursor,deep),
// BENCH_KEEP=1 keeps the databases afterwards.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  databaseNames,
  dbUrl,
  dropDatabase,
  ensureDatabase,
  ensureKeys,
  runServiceTask,
  stackDefinition,
  startStack,
} from '../lib/stack.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const PORT_BASE = env('BENCH_PORT_BASE', 19400);
const PORTS = { gateway: PORT_BASE, auth: PORT_BASE + 1, operations: PORT_BASE + 2, baseline: PORT_BASE + 3 };
const DURATION = env('BENCH_DURATION', 8);
const RATE = env('BENCH_RATE', 200);
const TIME_ENTRIES = env('BENCH_TIME_ENTRIES', 1_000_000);
const COMPANY_ROWS = env('BENCH_COMPANY_ROWS', 100_000);
const OTHER_ROWS = env('BENCH_OTHER_ROWS', 200_000);
const OTHER_COMPANIES = 99;
const PAGE_SIZE = 50;
const DEEP_ROW = Math.min(50_000, COMPANY_ROWS - PAGE_SIZE);
const DEEP_PAGE = Math.min(1000, Math.floor(COMPANY_ROWS / PAGE_SIZE));
/** Which cases run: page1, cursor (after row 50,000), deep (page 1000 by number). */
const CASES = (process.env.BENCH_CASES ?? 'page1,cursor,deep').split(',');

/** The lists: URL through the gateway, the repository call of the baseline, the SQL order for cursors. */
const LISTS = [
  {
    name: 'time-entries',
    url: '/api/time-entries',
    table: 'time_entries',
    keys: [
      ['start_time', 'timestamptz'],
      ['id', 'uuid'],
    ],
    order: 'start_time DESC, id DESC',
  },
  {
    name: 'material-usage',
    url: '/api/materials/usage/list',
    table: 'material_usages',
    keys: [
      ['used_at', 'date'],
      ['created_at', 'timestamptz'],
      ['id', 'uuid'],
    ],
    order: 'used_at DESC, created_at DESC, id DESC',
  },
  {
    name: 'expenses',
    url: '/api/expenses',
    table: 'expenses',
    keys: [
      ['expense_date', 'date'],
      ['created_at', 'timestamptz'],
      ['id', 'uuid'],
    ],
    order: 'expense_date DESC, created_at DESC, id DESC',
  },
  {
    name: 'customers',
    url: '/api/customers',
    table: 'customers',
    keys: [
      ['name', 'text'],
      ['id', 'uuid'],
    ],
    order: 'name, id',
  },
  {
    name: 'projects',
    url: '/api/projects',
    table: 'projects',
    keys: [
      ['created_at', 'timestamptz'],
      ['id', 'uuid'],
    ],
    order: 'created_at DESC, id DESC',
  },
].filter((l) => !process.env.BENCH_LISTS || process.env.BENCH_LISTS.split(',').includes(l.name));

if (process.argv[2] === '--baseline') {
  await baselineServer(Number(process.argv[3]), process.argv[4]);
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// The bare Fastify + pg baseline (a child process, so it does not share autocannon's event loop)
// ---------------------------------------------------------------------------------------------

async function baselineServer(port, databaseUrl) {
  await import('reflect-metadata');
  const { default: Fastify } = await import('fastify');
  const { TenantScope } = await import('@zunft/nest-common');
  const dist = (p) => import(path.join(root, 'services/operations/dist', p));
  const { TimeEntriesRepository } = await dist('time-entries/time-entries.repository.js');
  const { MaterialsRepository } = await dist('materials/materials.repository.js');
  const { ExpensesRepository } = await dist('expenses/expenses.repository.js');
  const { CustomersRepository } = await dist('customers/customers.repository.js');
  const { ProjectsRepository } = await dist('projects/projects.repository.js');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // what the repositories need of a TypeORM EntityManager for reads: query → rows
  const manager = { query: async (sql, params) => (await pool.query(sql, params)).rows };
  const repos = {
    'time-entries': (s, q) => new TimeEntriesRepository().list(manager, s, { projectId: null, userId: null }, q),
    'material-usage': (s, q) =>
      new MaterialsRepository().pageUsage(manager, s, null, { projectId: null, status: null, userId: null }, q),
    expenses: (s, q) => new ExpensesRepository().page(manager, s, null, { status: null, userId: null }, q),
    customers: (s, q) => new CustomersRepository().page(manager, s, { search: null, assignedTo: null }, q),
    projects: (s, q) => new ProjectsRepository().page(manager, s, { assignedTo: null, search: null, status: null }, q),
  };
  const app = Fastify({ logger: false });
  app.get('/baseline/:list', async (req, reply) => {
    const { list } = req.params;
    const { company, cursor, page = '1', pageSize = String(PAGE_SIZE) } = req.query;
    const query = { page: Number(page), pageSize: Number(pageSize), cursor: cursor ?? null };
    const result = await repos[list](TenantScope.forSystem(company), query);
    return reply.send({ ...result, page: query.page, pageSize: query.pageSize });
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.('ready');
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const varDir = path.join(root, 'var/bench');
  mkdirSync(varDir, { recursive: true });
  const databases = databaseNames('zunft_bench');
  delete databases.billing;
  for (const name of Object.values(databases)) await ensureDatabase(name, { recreate: true });
  const natsStream = `ZUNFT_BENCH_${Date.now()}`;
  const definition = stackDefinition({
    ports: { gateway: PORTS.gateway, auth: PORTS.auth, operations: PORTS.operations },
    databases,
    natsStream,
    keys: ensureKeys(path.join(varDir, 'keys')),
    varDir,
    host: '127.0.0.1',
    logLevel: 'warn',
    gatewayEnv: { RATE_LIMIT_NAMESPACE: `zunft:bench:${natsStream}:` },
  }).filter((p) => ['auth', 'operations', 'gateway'].includes(p.name));
  const auth = definition.find((p) => p.name === 'auth');
  auth.env.ACCESS_TOKEN_TTL_SECONDS = '86400'; // the runs outlast the default 15 minutes
  for (const svc of definition.filter((s) => s.migrate)) runServiceTask(definition, svc.name, svc.migrate);
  const logFile = createWriteStream(path.join(varDir, 'stack.log'));
  log(`starting auth, operations and gateway on ${PORTS.gateway}–${PORTS.operations} (log: var/bench/stack.log)`);
  const stack = await startStack(definition, { quiet: true, logFile });
  let baseline;
  const results = [];
  try {
    const gateway = `http://127.0.0.1:${PORTS.gateway}`;
    const session = await register(gateway);
    const companyId = session.user.companyId;
    const db = new pg.Client({ connectionString: dbUrl(databases.operations) });
    await db.connect();
    try {
      await waitForStaff(db, session.user.id);
      await seed(db, companyId);
      baseline = await startBaseline(dbUrl(databases.operations));
      const machine = `${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`;
      log(`machine: ${machine}`);
      for (const list of LISTS) {
        const deepCursor = await cursorAt(db, list, companyId, DEEP_ROW);
        // warm-up (JIT, connection pools, the first count of the total), not measured
        await measure(`${gateway}${list.url}?pageSize=${PAGE_SIZE}`, session.token, 0, 2);
        const cases = [
          ['page1', 'page 1', { pageSize: PAGE_SIZE }],
          ['cursor', `cursor after row ${DEEP_ROW.toLocaleString('en')}`, { pageSize: PAGE_SIZE, cursor: deepCursor }],
          ['deep', `page ${DEEP_PAGE}`, { page: DEEP_PAGE, pageSize: PAGE_SIZE }],
        ]
          .filter(([id]) => CASES.includes(id))
          .map(([, label, query]) => [label, query]);
        for (const [label, query] of cases) {
          const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
          const viaGateway = `${gateway}${list.url}?${qs}`;
          const direct = `http://127.0.0.1:${PORTS.operations}${list.url}?${qs}`;
          const viaBaseline = `http://127.0.0.1:${PORTS.baseline}/baseline/${list.name}?${qs}&company=${companyId}`;
          await check(viaGateway, session.token, list.name);
          await check(direct, session.token, list.name);
          const row = { list: list.name, case: label };
          const checkpointsBefore = await checkpoints(db);
          row.gateway = await measureSteady(viaGateway, session.token, RATE);
          row.gatewayMax = await measure(viaGateway, session.token, 0);
          row.direct = await measureSteady(direct, session.token, RATE);
          row.baseline = await measureSteady(viaBaseline, null, RATE);
          row.baselineMax = await measure(viaBaseline, null, 0);
          // A checkpoint during the runs writes and fsyncs the data files: a reason for stalls.
          row.checkpoints = (await checkpoints(db)) - checkpointsBefore;
          results.push(row);
          printRow(row);
        }
      }
      const out = path.join(varDir, `lists-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      writeFileSync(out, JSON.stringify({ machine, rate: RATE, duration: DURATION, results }, null, 2));
      printTable(results, machine);
      log(`raw results: ${path.relative(root, out)}; took ${Math.round((Date.now() - started) / 1000)} s`);
    } finally {
      await db.end();
    }
  } finally {
    baseline?.kill('SIGTERM');
    await stack.stop();
    logFile.end();
    if (process.env.BENCH_KEEP !== '1') for (const name of Object.values(databases)) await dropDatabase(name);
  }
}

function log(line) {
  console.log(`[bench] ${line}`);
}

async function register(gateway) {
  const email = `bench-${Date.now()}@example.ch`;
  const res = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: 'Benchmark Bau AG',
      firstName: 'Bea',
      lastName: 'Bench',
      email,
      password: 'Sicher123',
      language: 'de',
    }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Operations learns of the new admin by the auth.user.created event. */
async function waitForStaff(db, userId) {
  for (let i = 0; i < 120; i++) {
    const { rowCount } = await db.query('SELECT 1 FROM staff WHERE id = $1', [userId]);
    if (rowCount) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('operations did not receive the registered user (auth.user.created)');
}

/** Checkpoints PostgreSQL has run since its start (timed and requested). */
async function checkpoints(db) {
  const { rows } = await db.query('SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter');
  return Number(rows[0].n);
}

async function timed(label, fn) {
  const t0 = Date.now();
  await fn();
  log(`${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/**
 * The data: the company has COMPANY_ROWS of every list; 99 other companies share the rest
 * (time entries up to TIME_ENTRIES, the other lists OTHER_ROWS). Sort keys repeat (ties).
 */
async function seed(db, companyId) {
  const q = (sql, params = []) => db.query(sql, params);
  await q(`SET synchronous_commit = off`);
  await q(
    `CREATE TEMP TABLE bench_companies AS
           SELECT 0 AS n, $1::uuid AS id UNION ALL SELECT g, gen_random_uuid() FROM generate_series(1, ${OTHER_COMPANIES}) g`,
    [companyId],
  );
  // customers: COMPANY_ROWS in the company, OTHER_ROWS spread over the others
  await timed('customers', () =>
    q(`INSERT INTO customers (company_id, name, customer_number, city)
       SELECT c.id, 'Kunde ' || lpad((g % 20000)::text, 5, '0'), 'B-' || g, 'Bern'
       FROM generate_series(1, ${COMPANY_ROWS + OTHER_ROWS}) g
       JOIN bench_companies c ON c.n = CASE WHEN g <= ${COMPANY_ROWS} THEN 0 ELSE 1 + g % ${OTHER_COMPANIES} END`),
  );
  await timed('projects', () =>
    q(`INSERT INTO projects (company_id, customer_id, title, project_number, status, created_at)
       SELECT cu.company_id, cu.id, 'Projekt ' || cu.n, 'BP-' || cu.n, 'in_progress',
              timestamptz '2020-01-01' + (cu.n / 3) * interval '1 minute'
       FROM (SELECT row_number() OVER () AS n, id, company_id FROM customers) cu`),
  );
  await q(`CREATE TEMP TABLE bench_projects AS
           SELECT company_id, (array_agg(id))[1:50] AS ids FROM projects GROUP BY company_id`);
  await q(
    `INSERT INTO materials (company_id, name, unit, unit_price) SELECT id, 'Kabel', 'm', 2.5 FROM bench_companies`,
  );
  await q(`CREATE TEMP TABLE bench_materials AS SELECT id, company_id FROM materials`);
  await timed(`time entries: ${TIME_ENTRIES.toLocaleString('en')}`, () =>
    q(`INSERT INTO time_entries (company_id, project_id, user_id, user_name, start_time, end_time, break_minutes,
         total_minutes, status)
       SELECT c.id, p.ids[1 + g % 50], c.id, 'Bench Person',
              timestamptz '2023-01-01' + (g / 2) * interval '3 minutes',
              timestamptz '2023-01-01' + (g / 2) * interval '3 minutes' + interval '1 hour', 0, 60,
              CASE WHEN g % 3 = 0 THEN 'approved' ELSE 'completed' END
       FROM generate_series(1, ${TIME_ENTRIES}) g
       JOIN bench_companies c ON c.n = CASE WHEN g <= ${COMPANY_ROWS} THEN 0 ELSE 1 + g % ${OTHER_COMPANIES} END
       JOIN bench_projects p ON p.company_id = c.id`),
  );
  await timed('material usage', () =>
    q(`INSERT INTO material_usages (company_id, project_id, material_id, material_name, user_id, user_name, quantity,
         unit, unit_price, used_at, created_at)
       SELECT c.id, p.ids[1 + g % 50], m.id, 'Kabel', c.id, 'Bench Person', 1, 'm', 2.5,
              date '2020-01-01' + (g / 40), timestamptz '2020-01-01' + (g / 2) * interval '1 minute'
       FROM generate_series(1, ${COMPANY_ROWS + OTHER_ROWS}) g
       JOIN bench_companies c ON c.n = CASE WHEN g <= ${COMPANY_ROWS} THEN 0 ELSE 1 + g % ${OTHER_COMPANIES} END
       JOIN bench_projects p ON p.company_id = c.id
       JOIN bench_materials m ON m.company_id = c.id`),
  );
  await timed('expenses', () =>
    q(`INSERT INTO expenses (company_id, user_id, first_name, last_name, category, description, amount, expense_date,
         created_at)
       SELECT c.id, c.id, 'Bench', 'Person', 'transport', 'Zug ' || g, 12.5, date '2020-01-01' + (g / 40),
              timestamptz '2020-01-01' + (g / 2) * interval '1 minute'
       FROM generate_series(1, ${COMPANY_ROWS + OTHER_ROWS}) g
       JOIN bench_companies c ON c.n = CASE WHEN g <= ${COMPANY_ROWS} THEN 0 ELSE 1 + g % ${OTHER_COMPANIES} END`),
  );
  await timed('VACUUM ANALYZE', async () => {
    for (const t of ['customers', 'projects', 'time_entries', 'material_usages', 'expenses', 'materials']) {
      await q(`VACUUM ANALYZE ${t}`);
    }
  });
  // The load above wrote GBs of WAL: without a checkpoint now, PostgreSQL runs one (or several) in
  // the middle of the measured runs, and their writes and fsyncs stall queries for seconds.
  await timed('CHECKPOINT', () => q('CHECKPOINT'));
  const { rows } = await q(
    `SELECT
      (SELECT count(*) FROM time_entries) AS te_all, (SELECT count(*) FROM time_entries WHERE company_id = $1) AS te_company,
      (SELECT count(*) FROM material_usages WHERE company_id = $1) AS mu, (SELECT count(*) FROM expenses WHERE company_id = $1) AS ex,
      (SELECT count(*) FROM customers WHERE company_id = $1) AS cu, (SELECT count(*) FROM projects WHERE company_id = $1) AS pr`,
    [companyId],
  );
  log(`seeded: ${JSON.stringify(rows[0])}`);
}

/** The opaque cursor after row `n` of the company's list (base64url of {l, k}, see nest-common keyset). */
async function cursorAt(db, list, companyId, n) {
  const text = ([col, type]) =>
    type === 'timestamptz'
      ? `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : type === 'date'
        ? `to_char(${col}, 'YYYY-MM-DD')`
        : `${col}::text`;
  const { rows } = await db.query(
    `SELECT ARRAY[${list.keys.map(text).join(', ')}] AS k FROM ${list.table} WHERE company_id = $1
     ORDER BY ${list.order} OFFSET ${n - 1} LIMIT 1`,
    [companyId],
  );
  return Buffer.from(JSON.stringify({ l: list.name, k: rows[0].k }), 'utf8').toString('base64url');
}

function startBaseline(databaseUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename, '--baseline', String(PORTS.baseline), databaseUrl], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`baseline exited (${code})`)));
  });
}

/** One request first: a full page of the list, so a wrong URL or token is not benchmarked. */
async function check(url, token, name) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (res.status !== 200 || !Array.isArray(body.items) || body.items.length !== PAGE_SIZE) {
    throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/**
 * Open-loop load at a steady `rate` (wrk2-style): request i is due at start + i/rate and is sent then,
 * whether or not earlier answers have come back; its time runs from when it was due, so a late send
 * (a busy load generator) counts against the server instead of hiding a queue. autocannon's own
 * `overallRate` is not used for this: it gives every connection a budget per second that the
 * connection spends back-to-back at the start of each second, i.e. bursts of all connections at
 * once followed by silence, which measures queueing of bursts rather than latency at 200/s.
 */
async function measureSteady(url, token, rate, duration = DURATION) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const times = [];
  let bad = 0;
  let done = 0;
  let overloaded = 0;
  // The generator's own event loop: a late timer sends requests late, and their time (from when
  // they were due) then counts a pause of the load generator against the server.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const start = performance.now();
  await new Promise((resolve) => {
    const finish = () => {
      if (++done === total) resolve();
    };
    const fire = (due) => {
      const request = http.request(
        { agent, hostname: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) times.push(performance.now() - due);
            else bad += 1;
            finish();
          });
          response.on('error', () => {
            bad += 1;
            finish();
          });
        },
      );
      request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        bad += 1;
        finish();
      });
      request.end();
    };
    let sent = 0;
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        // More than 2 s of requests waiting: the server does not keep up with the rate. The rest is
        // not sent (counted as failed) instead of piling up minutes of queue.
        if (sent - done > 2 * rate) {
          overloaded = total - sent;
          bad += overloaded;
          done += overloaded;
          sent = total;
          if (done === total) resolve();
          break;
        }
        fire(start + sent * interval);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  loop.disable();
  agent.destroy();
  times.sort((a, b) => a - b);
  const pct = (p) =>
    times.length ? Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] * 10) / 10 : NaN;
  return {
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    rps: Math.round(times.length / elapsed),
    requests: total,
    bad,
    overloaded,
    /** The generator's event-loop delay (ms): max and p99. A pause here is the generator's, not the server's. */
    loopMax: Math.round(loop.max / 1e6),
    loopP99: Math.round(loop.percentile(99) / 1e6),
    /** Answers that took over 250 ms: a stall rather than a slow query. */
    stalls: times.filter((t) => t > 250).length,
  };
}

/** autocannon, closed loop: as many requests/s as 10 connections get (`rate` 0) or `rate` requests/s in total. */
async function measure(url, token, rate, duration = DURATION) {
  const times = [];
  const run = autocannon({
    url,
    connections: rate ? 20 : 10,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await run;
  times.sort((a, b) => a - b);
  const pct = (p) =>
    times.length ? Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] * 10) / 10 : NaN;
  return {
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    rps: Math.round(result.requests.total / duration),
    requests: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

function fmt(m) {
  const failed = m.bad ? `, ${m.bad} failed${m.overloaded ? ` (${m.overloaded} not sent: overloaded)` : ''}` : '';
  const steady = m.loopMax === undefined ? '' : `; ${m.stalls} over 250 ms, generator loop delay max ${m.loopMax} ms`;
  return `p50 ${m.p50} / p95 ${m.p95} / p99 ${m.p99} ms, ${m.rps} req/s${failed}${steady}`;
}

function printRow(r) {
  log(`${r.list}, ${r.case}`);
  log(`  gateway  @${RATE}/s: ${fmt(r.gateway)}   max: ${fmt(r.gatewayMax)}`);
  log(`  operations directly @${RATE}/s: ${fmt(r.direct)}`);
  log(`  baseline @${RATE}/s: ${fmt(r.baseline)}   max: ${fmt(r.baselineMax)}`);
  if (r.checkpoints) log(`  (${r.checkpoints} PostgreSQL checkpoint(s) ran during these runs)`);
}

function printTable(results, machine) {
  const ratio = (a, b) => (b ? (a / b).toFixed(2) : '–');
  console.log(`\nLists through the gateway (${DURATION} s per run, ${PAGE_SIZE} rows a page; ${machine})\n`);
  console.log(
    `| list | case | gateway @${RATE}/s p50 / p95 / p99 ms | operations direct @${RATE}/s p95 ms | baseline @${RATE}/s p95 ms | p95 ratio to baseline | gateway max req/s | baseline max req/s | req/s ratio to baseline |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const g = r.gateway;
    console.log(
      `| ${r.list} | ${r.case} | ${g.p50} / ${g.p95} / ${g.p99}${g.bad ? ` (${g.bad} failed)` : ''} | ${r.direct.p95} | ${r.baseline.p95} | ${ratio(g.p95, r.baseline.p95)} | ${r.gatewayMax.rps} | ${r.baselineMax.rps} | ${ratio(r.gatewayMax.rps, r.baselineMax.rps)} |`,
    );
  }
}
