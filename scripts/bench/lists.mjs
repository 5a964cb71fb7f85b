#!/usr/bin/env node
// List benchmark (issue 13 "Lists stay fast at real scale"): `npm run bench:lists`.
//
// Measures every paginated list: operations' time entries, material usage, expenses, customers and
// projects, and billing's quotes, reports and invoices.
//
// Seeds databases of its own (zunft_bench_*) with INSERT … SELECT generate_series:
// - operations: 1,000,000 time entries, 100,000 of them in one company; 300,000 material usages,
//   expenses, customers and projects, 100,000 of each in that company;
// - billing: its directory copy of operations' customers and projects (what the operations.customer/
//   project events would have written), and 300,000 quotes (with 1–3 items each), reports and
//   invoices, 100,000 of each in the company, every status, customers and projects of the directory.
// It starts auth + operations + billing + gateway on their own ports (scripts/lib/stack.mjs, like
// the e2e stack; not billing's worker: the API runs without it, /health only says `degraded`, and
// no daily job then expires quotes or marks invoices overdue in the middle of the runs), registers
// the company through the gateway, and measures every list through the gateway: page 1, a deep page
// by cursor (after row 50,000) and page 1000 by page/pageSize (50 rows a page). The same run
// measures a bare Fastify + pg server answering the same SQL (the services' own repositories over a
// pg Pool, no gateway, no Nest, no token check): the ratio shows what the stack adds to the queries.
//
// Every case runs through the gateway at a steady 200 requests/s (the goal: p95 ≤ 50 ms; an
// open-loop generator, measureSteady below) and unthrottled with autocannon (the requests/s it
// sustains), straight to the service (operations or billing) at 200/s (what the gateway hop costs),
// and on the baseline both ways. Each list gets an unmeasured 2 s warm-up. Needs built services
// (`npx nx run-many -t build -p auth operations billing gateway`). It is a benchmark, not a test:
// numbers depend on the machine and its load. Billing is started and seeded only when one of its
// lists is selected.
//
// Environment: BENCH_PORT_BASE (19400; the gateway, then auth, operations, baseline, billing),
// BENCH_DURATION seconds per run (8), BENCH_RATE (200), BENCH_TIME_ENTRIES (1000000),
// BENCH_COMPANY_ROWS (100000), BENCH_OTHER_ROWS (200000: rows of the other lists outside the
// company), BENCH_LISTS (comma list of names, default all: time-entries, material-usage, expenses,
// customers, projects, quotes, reports, invoices), BENCH_CASES (page1,cursor,deep), BENCH_NAME
// (bench: the databases zunft_<name>_*, the log var/bench/stack.log, else stack-<name>.log; another
// name lets a second run on other ports leave a running one alone), BENCH_KEEP=1 keeps the
// databases afterwards. BENCH_TRACING=1 (issue 27): a second stack with OpenTelemetry on (gateway
// and services exporting every span over OTLP/HTTP to a sink in this process) runs on the same
// databases (ports from BENCH_PORT_BASE + 10), and every case is also measured through both
// gateways in alternating 1 s turns at the same rate (BENCH_DURATION turns each, so a busy
// machine's drift falls on both alike): the last table shows p50 and p95 with tracing off and on.
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
import { stopMeasureStack } from '../lib/measure-stack.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const PORT_BASE = env('BENCH_PORT_BASE', 19400);
const PORTS = {
  gateway: PORT_BASE,
  auth: PORT_BASE + 1,
  operations: PORT_BASE + 2,
  baseline: PORT_BASE + 3,
  billing: PORT_BASE + 4,
};
/** The second stack of BENCH_TRACING=1: the same services with tracing on. */
const TRACED_PORTS = {
  gateway: PORT_BASE + 10,
  auth: PORT_BASE + 11,
  operations: PORT_BASE + 12,
  billing: PORT_BASE + 14,
};
const TRACING = process.env.BENCH_TRACING === '1';
const NAME = process.env.BENCH_NAME ?? 'bench';
if (!/^[a-z0-9_]+$/.test(NAME)) throw new Error(`BENCH_NAME: lower-case letters, digits and _ only (${NAME})`);
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

/**
 * The lists: URL through the gateway, the service that answers it (its database holds `table`),
 * the key columns and SQL order of the list's keyset (for cursors; `name` is the cursor's `l`).
 */
const ALL_LISTS = [
  {
    name: 'time-entries',
    service: 'operations',
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
    service: 'operations',
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
    service: 'operations',
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
    service: 'operations',
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
    service: 'operations',
    url: '/api/projects',
    table: 'projects',
    keys: [
      ['created_at', 'timestamptz'],
      ['id', 'uuid'],
    ],
    order: 'created_at DESC, id DESC',
  },
  // billing: keyset(LISTS.<list>, 'desc', [created_at timestamptz, id uuid]) of its repositories,
  // index (company_id, created_at DESC, id DESC)
  ...['quotes', 'reports', 'invoices'].map((name) => ({
    name,
    service: 'billing',
    url: `/api/${name}`,
    table: name,
    keys: [
      ['created_at', 'timestamptz'],
      ['id', 'uuid'],
    ],
    order: 'created_at DESC, id DESC',
  })),
];
const SELECTED = process.env.BENCH_LISTS?.split(',').filter(Boolean) ?? null;
const unknownLists = (SELECTED ?? []).filter((name) => !ALL_LISTS.some((l) => l.name === name));
if (unknownLists.length) throw new Error(`BENCH_LISTS: unknown ${unknownLists} (${ALL_LISTS.map((l) => l.name)})`);
const LISTS = ALL_LISTS.filter((l) => !SELECTED || SELECTED.includes(l.name));
/** Billing is started and seeded only for its lists. */
const WITH_BILLING = LISTS.some((l) => l.service === 'billing');

if (process.argv[2] === '--baseline') {
  await baselineServer(Number(process.argv[3]), process.argv[4], process.argv[5]);
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// The bare Fastify + pg baseline (a child process, so it does not share autocannon's event loop)
// ---------------------------------------------------------------------------------------------

async function baselineServer(port, databaseUrl, billingDatabaseUrl) {
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
  if (billingDatabaseUrl) {
    // billing's repositories the same way, over billing's own database; what its services add to
    // the repository call is added here too (reports: the row → DTO mapping)
    const billing = (p) => import(path.join(root, 'services/billing/dist', p));
    const { QuotesRepository } = await billing('quotes/quotes.repository.js');
    const { ReportsRepository, toReportDto } = await billing('reports/reports.repository.js');
    const { InvoicesRepository } = await billing('invoices/invoices.repository.js');
    const billingPool = new pg.Pool({ connectionString: billingDatabaseUrl, max: 10 });
    const bm = { query: async (sql, params) => (await billingPool.query(sql, params)).rows };
    repos.quotes = (s, q) => new QuotesRepository().list(bm, s, { status: null, search: null }, q);
    repos.reports = async (s, q) => {
      const found = await new ReportsRepository().list(bm, s, { status: null, projectId: null, search: null }, q);
      return { items: found.rows.map(toReportDto), total: found.total, nextCursor: found.nextCursor };
    };
    repos.invoices = (s, q) =>
      new InvoicesRepository().list(bm, s, { status: null, customerId: null, search: null, ...q });
  }
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
  const databases = databaseNames(`zunft_${NAME}`);
  if (!WITH_BILLING) delete databases.billing;
  else if (!databases.billing) throw new Error('billing lists selected, but services/billing is missing');
  for (const name of Object.values(databases)) await ensureDatabase(name, { recreate: true });
  const stamp = Date.now();
  const natsStream = `ZUNFT_${NAME.toUpperCase()}_${stamp}`;
  const services = ['auth', 'operations', ...(WITH_BILLING ? ['billing'] : []), 'gateway'];
  const definition = stackDefinition({
    ports: {
      gateway: PORTS.gateway,
      auth: PORTS.auth,
      operations: PORTS.operations,
      ...(WITH_BILLING ? { billing: PORTS.billing } : {}),
    },
    databases,
    natsStream,
    // billing's BullMQ queues (and the schedule of its daily job) apart from any other stack's
    queuePrefix: `zunft-${NAME}-${stamp}`,
    keys: ensureKeys(path.join(varDir, 'keys')),
    varDir,
    host: '127.0.0.1',
    logLevel: 'warn',
    gatewayEnv: { RATE_LIMIT_NAMESPACE: `zunft:${NAME}:${natsStream}:` },
  }).filter((p) => services.includes(p.name));
  const auth = definition.find((p) => p.name === 'auth');
  auth.env.ACCESS_TOKEN_TTL_SECONDS = '86400'; // the runs outlast the default 15 minutes
  for (const svc of definition.filter((s) => s.migrate)) runServiceTask(definition, svc.name, svc.migrate);
  const logName = NAME === 'bench' ? 'stack.log' : `stack-${NAME}.log`;
  const logFile = createWriteStream(path.join(varDir, logName));
  const ports = services.map((name) => `${name} ${PORTS[name]}`).join(', ');
  log(`starting ${ports} (log: var/bench/${logName})`);
  const stack = await startStack(definition, { quiet: true, logFile });
  let traced = null;
  let baseline;
  const results = [];
  try {
    const gateway = `http://127.0.0.1:${PORTS.gateway}`;
    const session = await register(gateway);
    const companyId = session.user.companyId;
    const db = new pg.Client({ connectionString: dbUrl(databases.operations) });
    await db.connect();
    const billingDb = WITH_BILLING ? new pg.Client({ connectionString: dbUrl(databases.billing) }) : null;
    await billingDb?.connect();
    /** The database of the service that answers a list. */
    const dbOf = (list) => (list.service === 'billing' ? billingDb : db);
    try {
      await waitForStaff(db, session.user.id, 'operations');
      if (billingDb) await waitForStaff(billingDb, session.user.id, 'billing');
      await seed(db, companyId);
      if (billingDb) await seedBilling(db, billingDb);
      // The loads above wrote GBs of WAL: without a checkpoint now, PostgreSQL runs one (or several)
      // in the middle of the measured runs, and their writes and fsyncs stall queries for seconds.
      // Last, after every seed and VACUUM (it is cluster-wide: it covers billing's database too).
      await timed('CHECKPOINT', () => db.query('CHECKPOINT'));
      baseline = await startBaseline(dbUrl(databases.operations), billingDb && dbUrl(databases.billing));
      if (TRACING) traced = await startTracedStack({ databases, natsStream, stamp, varDir, services, logFile });
      const machine = `${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`;
      log(`machine: ${machine}`);
      for (const list of LISTS) {
        const deepCursor = await cursorAt(dbOf(list), list, companyId, DEEP_ROW);
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
          const direct = `http://127.0.0.1:${PORTS[list.service]}${list.url}?${qs}`;
          const viaBaseline = `http://127.0.0.1:${PORTS.baseline}/baseline/${list.name}?${qs}&company=${companyId}`;
          await check(viaGateway, session.token, list.name);
          await check(direct, session.token, list.name);
          const row = { list: list.name, service: list.service, case: label };
          const checkpointsBefore = await checkpoints(db);
          row.gateway = await measureSteady(viaGateway, session.token, RATE);
          row.gatewayMax = await measure(viaGateway, session.token, 0);
          row.direct = await measureSteady(direct, session.token, RATE);
          row.baseline = await measureSteady(viaBaseline, null, RATE);
          row.baselineMax = await measure(viaBaseline, null, 0);
          if (traced) {
            // off and on in turns of one second each (the same rate, the same data): a busy machine's
            // drift falls on both alike, and p50/p95 are taken over all turns of each
            const viaTraced = `http://127.0.0.1:${TRACED_PORTS.gateway}${list.url}?${qs}`;
            Object.assign(row, await measureInTurns(viaGateway, viaTraced, session.token, RATE));
          }
          // A checkpoint during the runs writes and fsyncs the data files: a reason for stalls.
          row.checkpoints = (await checkpoints(db)) - checkpointsBefore;
          results.push(row);
          printRow(row);
        }
      }
      const out = path.join(varDir, `lists-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      writeFileSync(out, JSON.stringify({ machine, rate: RATE, duration: DURATION, results }, null, 2));
      printTable(results, machine);
      if (traced) printTracingTable(results, traced.spans());
      log(`raw results: ${path.relative(root, out)}; took ${Math.round((Date.now() - started) / 1000)} s`);
    } finally {
      await db.end();
      await billingDb?.end();
    }
  } finally {
    baseline?.kill('SIGTERM');
    await traced?.stop();
    // Stops the processes and deletes the run's NATS stream (each run makes a new one).
    await stopMeasureStack({ ...stack, stop: () => stack.stop(), natsStream });
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

/** Operations and billing learn of the new admin by the auth.user.created event (their staff table). */
async function waitForStaff(db, userId, service) {
  for (let i = 0; i < 120; i++) {
    const { rowCount } = await db.query('SELECT 1 FROM staff WHERE id = $1', [userId]);
    if (rowCount) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${service} did not receive the registered user (auth.user.created)`);
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
  // No `synchronous_commit = off` (it saves one fsync per statement here): after an asynchronous
  // commit whose WAL is not yet flushed, VACUUM may not set the rows' hint bits nor mark the pages
  // all-visible, so the seeded tables would stay without a visibility map (heap fetches on every
  // index-only scan, hint bits written by the measured reads instead).
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
  const tables = ['customers', 'projects', 'time_entries', 'material_usages', 'expenses', 'materials'];
  await timed('VACUUM ANALYZE', async () => {
    for (const t of tables) await q(`VACUUM ANALYZE ${t}`);
  });
  await logAllVisible(db, tables);
  const { rows } = await q(
    `SELECT
      (SELECT count(*) FROM time_entries) AS te_all, (SELECT count(*) FROM time_entries WHERE company_id = $1) AS te_company,
      (SELECT count(*) FROM material_usages WHERE company_id = $1) AS mu, (SELECT count(*) FROM expenses WHERE company_id = $1) AS ex,
      (SELECT count(*) FROM customers WHERE company_id = $1) AS cu, (SELECT count(*) FROM projects WHERE company_id = $1) AS pr`,
    [companyId],
  );
  log(`seeded: ${JSON.stringify(rows[0])}`);
}

/**
 * Billing's data, in its own database. First its directory: the copy of operations' customers and
 * projects that the operations.customer/project events write (the SQL seed above sends no events),
 * copied row by row. Then, like the other lists, COMPANY_ROWS quotes (1–3 items each), reports and
 * invoices in the company and OTHER_ROWS of each over the 99 others: every status (quotes 30 % draft,
 * 30 % sent, 20 % accepted, 10 % rejected, 10 % expired; reports 30 % draft, 20 % sent, 20 % signed,
 * 20 % approved, 10 % rejected; invoices 20 % draft, 30 % sent, 40 % paid, 10 % overdue, a fifth
 * without a project), for customers and projects of the company's directory (the lists join them
 * for the current names), created_at repeating in pairs (ties in the sort key, broken by the id).
 */
async function seedBilling(ops, db) {
  const q = (sql, params = []) => db.query(sql, params);
  // synchronous commits, so that VACUUM marks the pages all-visible (see seed)
  const { rows: companies } = await ops.query('SELECT n, id FROM bench_companies ORDER BY n');
  await q(`CREATE TEMP TABLE bench_companies AS SELECT * FROM unnest($1::int[], $2::uuid[]) AS c(n, id)`, [
    companies.map((c) => c.n),
    companies.map((c) => c.id),
  ]);
  await timed('billing directory: customers', () =>
    copyRows(ops, db, 'customers', [
      ['id', 'uuid'],
      ['company_id', 'uuid'],
      ['name', 'text'],
      ['customer_number', 'text'],
      ['city', 'text'],
    ]),
  );
  await timed('billing directory: projects', () =>
    copyRows(ops, db, 'projects', [
      ['id', 'uuid'],
      ['company_id', 'uuid'],
      ['customer_id', 'uuid'],
      ['title', 'text'],
      ['project_number', 'text'],
      ['status', 'text'],
    ]),
  );
  await q(`VACUUM ANALYZE customers`);
  await q(`VACUUM ANALYZE projects`);
  await logAllVisible(db, ['customers', 'projects']);
  // Up to 500 (project, customer) pairs per company that the documents are written for.
  await q(`CREATE TEMP TABLE bench_parties AS
           SELECT * FROM (
             SELECT p.company_id, row_number() OVER (PARTITION BY p.company_id ORDER BY p.id)::int AS n,
                    c.id AS customer_id, c.name AS customer_name, p.id AS project_id, p.title AS project_title,
                    p.project_number
             FROM projects p JOIN customers c ON c.id = p.customer_id AND c.company_id = p.company_id) x
           WHERE n <= 500`);
  await q(
    `CREATE TEMP TABLE bench_party_counts AS SELECT company_id, max(n) AS k FROM bench_parties GROUP BY company_id`,
  );
  await q(`ANALYZE bench_parties`);
  await q(`ANALYZE bench_party_counts`);
  const rows = COMPANY_ROWS + OTHER_ROWS;
  // g: the row; c: its company; pa: its customer and project; d.at: created_at; d.status: the
  // statuses repeat every 10 rows; amounts in CHF (VAT 8.1 %, the total rounded to 5 Rappen).
  const from = (statuses) => `FROM generate_series(1, ${rows}) g
       JOIN bench_companies c ON c.n = CASE WHEN g <= ${COMPANY_ROWS} THEN 0 ELSE 1 + g % ${OTHER_COMPANIES} END
       JOIN bench_party_counts k ON k.company_id = c.id
       JOIN bench_parties pa ON pa.company_id = c.id AND pa.n = 1 + g % k.k
       CROSS JOIN LATERAL (SELECT timestamptz '2021-01-01' + (g / 2) * interval '7 minutes' AS at,
                                  (ARRAY[${statuses.map((st) => `'${st}'`).join(', ')}])[1 + g % ${statuses.length}] AS status,
                                  (200 + (g * 37) % 9800)::numeric AS net) d
       CROSS JOIN LATERAL (SELECT round(d.net * 0.081, 2) AS vat, d.net + round(d.net * 0.081, 2) AS gross) v
       CROSS JOIN LATERAL (SELECT round(v.gross * 20) / 20 AS total) t`;
  const quoteStatuses = 'draft sent accepted draft sent rejected draft sent accepted expired'.split(' ');
  await timed('quotes (with items)', () =>
    q(`WITH q AS (
         INSERT INTO quotes (company_id, quote_number, customer_id, customer_name, title, description, status,
           quote_date, valid_until, subtotal, net_amount, vat_amount, total_before_rounding, rounding, total,
           created_at, updated_at, sent_at, sent_to, accepted_at, accepted_by_name, accepted_by_email, signature_png,
           rejected_at, rejection_reason, expired_at)
         SELECT c.id, 'A-' || extract(year FROM d.at) || '-' || lpad(g::text, 8, '0'), pa.customer_id, pa.customer_name,
                'Offerte ' || pa.project_title, 'Arbeiten gemäss Besichtigung', d.status,
                d.at::date, d.at::date + 30, d.net, d.net, v.vat, v.gross, t.total - v.gross, t.total,
                d.at, d.at,
                CASE WHEN d.status <> 'draft' THEN d.at + interval '1 hour' END,
                CASE WHEN d.status <> 'draft' THEN 'kunde@example.ch' END,
                CASE WHEN d.status = 'accepted' THEN d.at + interval '2 days' END,
                CASE WHEN d.status = 'accepted' THEN 'Karl Kunde' END,
                CASE WHEN d.status = 'accepted' THEN 'kunde@example.ch' END,
                CASE WHEN d.status = 'accepted' THEN decode('89504e470d0a1a0a', 'hex') END,
                CASE WHEN d.status = 'rejected' THEN d.at + interval '3 days' END,
                CASE WHEN d.status = 'rejected' THEN 'Zu teuer' END,
                CASE WHEN d.status = 'expired' THEN d.at + interval '31 days' END
         ${from(quoteStatuses)}
         RETURNING id, company_id, subtotal)
       INSERT INTO quote_items (quote_id, company_id, position, type, title, quantity, unit, unit_price, total_price)
       SELECT q.id, q.company_id, i, (ARRAY['labor', 'material', 'travel'])[i], (ARRAY['Arbeit', 'Material', 'Anfahrt'])[i],
              1, 'Pauschal', round(q.subtotal / n.n, 2), round(q.subtotal / n.n, 2)
       FROM q CROSS JOIN LATERAL (SELECT 1 + q.subtotal::int % 3 AS n) n CROSS JOIN LATERAL generate_series(1, n.n) i`),
  );
  const reportStatuses = 'draft sent signed approved draft rejected sent signed approved draft'.split(' ');
  await timed('reports', () =>
    q(`INSERT INTO reports (company_id, report_number, title, project_id, project_title, project_number, customer_id,
         customer, language, period_start, period_end, status, content, total_hours, created_at, updated_at, sent_at,
         sent_to, signed_at, signer_name, signer_email, signed_via, pdf_sha256, approved_at, rejected_at)
       SELECT c.id, 'R-' || extract(year FROM d.at) || '-' || lpad(g::text, 8, '0'),
              'Rapport ' || pa.project_title || ' KW ' || (1 + g % 52), pa.project_id, pa.project_title,
              pa.project_number, pa.customer_id,
              jsonb_build_object('name', pa.customer_name, 'contact_person', NULL, 'email', 'kunde@example.ch',
                'address', 'Bahnhofstrasse 1', 'zip', '3011', 'city', 'Bern', 'language', 'de'),
              'de', d.at::date - 7, d.at::date - 1, d.status,
              jsonb_build_object(
                'employees', jsonb_build_array(jsonb_build_object('employee_id', c.id, 'employee_name', 'Bench Person',
                  'hourly_rate', 95, 'hours', 8 * (1 + g % 5), 'break_minutes', 30, 'surcharges', '[]'::jsonb,
                  'entries', (SELECT jsonb_agg(jsonb_build_object('date', to_char(d.at::date - 7 + e, 'YYYY-MM-DD'),
                    'start', '07:00', 'end', '16:30', 'break_minutes', 30, 'hours', 8))
                    FROM generate_series(0, g % 5) e))),
                'materials', '[]'::jsonb, 'expenses', '[]'::jsonb, 'total_hours', 8 * (1 + g % 5),
                'materials_total', 0, 'expenses_total', 0, 'is_empty', false,
                'excluded', jsonb_build_object('time_entries', 0, 'material_usage', 0, 'expenses', 0)),
              8 * (1 + g % 5), d.at, d.at,
              CASE WHEN d.status <> 'draft' THEN d.at + interval '1 hour' END,
              CASE WHEN d.status <> 'draft' THEN 'kunde@example.ch' END,
              CASE WHEN d.status IN ('signed', 'approved') THEN d.at + interval '1 day' END,
              CASE WHEN d.status IN ('signed', 'approved') THEN 'Karl Kunde' END,
              CASE WHEN d.status IN ('signed', 'approved') THEN 'kunde@example.ch' END,
              CASE WHEN d.status IN ('signed', 'approved') THEN 'link' END,
              CASE WHEN d.status IN ('signed', 'approved') THEN md5(g::text) || md5(c.id::text) END,
              CASE WHEN d.status = 'approved' THEN d.at + interval '2 days' END,
              CASE WHEN d.status = 'rejected' THEN d.at + interval '2 days' END
       ${from(reportStatuses)}`),
  );
  const invoiceStatuses = 'draft sent paid paid sent paid overdue sent paid draft'.split(' ');
  await timed('invoices', () =>
    q(`INSERT INTO invoices (company_id, invoice_number, customer_id, customer_name, project_id, project_title, status,
         payment_method, invoice_date, due_date, service_period_start, service_period_end, vat_rate, subtotal,
         vat_amount, total_before_rounding, rounding, total_amount, paid_amount, current_reminder_level,
         last_reminder_sent_at, reminder_due_date, qrr_reference, scor_reference, created_at, updated_at, sent_at,
         sent_to, paid_at, overdue_at)
       SELECT c.id, 'RE-' || extract(year FROM d.at) || '-' || lpad(g::text, 8, '0'), pa.customer_id, pa.customer_name,
              CASE WHEN g % 5 <> 0 THEN pa.project_id END, CASE WHEN g % 5 <> 0 THEN pa.project_title END,
              d.status, CASE WHEN d.status = 'paid' THEN 'bank' END,
              d.at::date, d.at::date + 30, d.at::date - 30, d.at::date - 1, 8.1, d.net, v.vat, v.gross,
              t.total - v.gross, t.total, CASE WHEN d.status = 'paid' THEN t.total ELSE 0 END,
              CASE WHEN d.status = 'overdue' THEN 1 ELSE 0 END,
              CASE WHEN d.status = 'overdue' THEN d.at + interval '40 days' END,
              CASE WHEN d.status = 'overdue' THEN d.at::date + 50 END,
              lpad(g::text, 27, '0'), 'RF' || lpad(g::text, 23, '0'), d.at, d.at,
              CASE WHEN d.status <> 'draft' THEN d.at + interval '1 hour' END,
              CASE WHEN d.status <> 'draft' THEN 'kunde@example.ch' END,
              CASE WHEN d.status = 'paid' THEN d.at + interval '20 days' END,
              CASE WHEN d.status = 'overdue' THEN d.at + interval '31 days' END
       ${from(invoiceStatuses)}`),
  );
  const tables = ['quotes', 'quote_items', 'reports', 'invoices'];
  await timed('billing VACUUM ANALYZE', async () => {
    for (const t of tables) await q(`VACUUM ANALYZE ${t}`);
  });
  await logAllVisible(db, tables);
  const company = companies[0].id;
  const { rows: counts } = await q(
    `SELECT (SELECT count(*) FROM quotes WHERE company_id = $1) AS qu, (SELECT count(*) FROM quotes) AS qu_all,
      (SELECT count(*) FROM quote_items WHERE company_id = $1) AS qi,
      (SELECT count(*) FROM reports WHERE company_id = $1) AS re, (SELECT count(*) FROM reports) AS re_all,
      (SELECT count(*) FROM invoices WHERE company_id = $1) AS inv, (SELECT count(*) FROM invoices) AS inv_all,
      (SELECT count(*) FROM customers WHERE company_id = $1) AS cu, (SELECT count(*) FROM projects WHERE company_id = $1) AS pr`,
    [company],
  );
  log(`billing seeded: ${JSON.stringify(counts[0])}`);
}

/** How much of each table VACUUM marked all-visible (index-only scans read the heap for the rest). */
async function logAllVisible(db, tables) {
  const { rows } = await db.query(
    `SELECT relname, relpages, relallvisible FROM pg_class WHERE relkind = 'r' AND relname = ANY($1) ORDER BY relname`,
    [tables],
  );
  const share = (r) => (r.relpages ? `${Math.floor((100 * r.relallvisible) / r.relpages)} %` : 'empty');
  log(`all-visible (${db.database}): ${rows.map((r) => `${r.relname} ${share(r)}`).join(', ')}`);
}

/** Copies `columns` of every row of `table` from one database to the other (by id, 20,000 rows at a time). */
async function copyRows(from, to, table, columns) {
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  let last = null;
  for (;;) {
    const { rows } = await from.query(
      `SELECT ${names} FROM ${table} ${last ? 'WHERE id > $1' : ''} ORDER BY id LIMIT 20000`,
      last ? [last] : [],
    );
    if (!rows.length) return;
    await to.query(
      `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`,
      columns.map(([name]) => rows.map((r) => r[name])),
    );
    last = rows.at(-1).id;
  }
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

function startBaseline(databaseUrl, billingDatabaseUrl) {
  return new Promise((resolve, reject) => {
    const args = [
      '--baseline',
      String(PORTS.baseline),
      databaseUrl,
      ...(billingDatabaseUrl ? [billingDatabaseUrl] : []),
    ];
    const child = spawn(process.execPath, [import.meta.filename, ...args], {
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
  const result = {
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
  Object.defineProperty(result, 'times', { value: times, enumerable: false });
  return result;
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
  log(`  ${r.service} directly @${RATE}/s: ${fmt(r.direct)}`);
  log(`  baseline @${RATE}/s: ${fmt(r.baseline)}   max: ${fmt(r.baselineMax)}`);
  if (r.traced) log(`  in turns @${RATE}/s: tracing off ${fmt(r.untraced)}   on ${fmt(r.traced)}`);
  if (r.checkpoints) log(`  (${r.checkpoints} PostgreSQL checkpoint(s) ran during these runs)`);
}

/** p50 and p95 through the gateway with tracing off and on, measured in turns. */
function printTracingTable(results, spans) {
  console.log(`\nTracing off vs on, through the gateway at ${RATE}/s in 1 s turns (${spans} to the OTLP sink)\n`);
  console.log('| list | case | off p50 ms | on p50 ms | on / off p50 | off p95 ms | on p95 ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    const u = r.untraced;
    const t = r.traced;
    console.log(
      `| ${r.list} | ${r.case} | ${u.p50} | ${t.p50} | ${(t.p50 / u.p50).toFixed(2)} | ${u.p95} | ${t.p95} |`,
    );
  }
}

/** `a` and `b` at `rate` in alternating turns of `turn` seconds, `turns` each; percentiles over all turns. */
async function measureInTurns(a, b, token, rate, turns = Math.max(3, DURATION), turn = 1) {
  const all = { a: [], b: [] };
  const bad = { a: 0, b: 0 };
  for (let i = 0; i < turns; i++) {
    // alternate which one goes first, so neither always follows the other
    for (const key of i % 2 === 0 ? ['a', 'b'] : ['b', 'a']) {
      const m = await measureSteady(key === 'a' ? a : b, token, rate, turn);
      all[key].push(...m.times);
      bad[key] += m.bad;
    }
  }
  const summary = (times, failed) => {
    times.sort((x, y) => x - y);
    const pct = (p) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] * 10) / 10;
    return { p50: pct(50), p95: pct(95), p99: pct(99), rps: rate, requests: times.length + failed, bad: failed };
  };
  return { untraced: summary(all.a, bad.a), traced: summary(all.b, bad.b) };
}

/**
 * BENCH_TRACING=1: the same services once more on TRACED_PORTS with OTEL_EXPORTER_OTLP_ENDPOINT set
 * (gateway, auth, operations, billing: every request makes spans in the gateway and the service,
 * batched and sent over OTLP/HTTP) to a sink in this process that counts the spans' requests.
 */
async function startTracedStack({ databases, natsStream, stamp, varDir, services, logFile }) {
  let exports = 0;
  let bytes = 0;
  const sink = http.createServer((req, res) => {
    req.on('data', (chunk) => (bytes += chunk.length));
    req.on('end', () => {
      exports += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${sink.address().port}`;
  const definition = stackDefinition({
    ports: Object.fromEntries(Object.entries(TRACED_PORTS).filter(([name]) => services.includes(name))),
    databases,
    natsStream,
    queuePrefix: `zunft-${NAME}-${stamp}`,
    keys: ensureKeys(path.join(varDir, 'keys')),
    varDir,
    host: '127.0.0.1',
    logLevel: 'warn',
    gatewayEnv: { RATE_LIMIT_NAMESPACE: `zunft:${NAME}-traced:${natsStream}:` },
  }).filter((p) => services.includes(p.name));
  for (const svc of definition) svc.env = { ...svc.env, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint };
  definition.find((p) => p.name === 'auth').env.ACCESS_TOKEN_TTL_SECONDS = '86400';
  log(
    `starting the traced stack: ${Object.entries(TRACED_PORTS)
      .map(([n, p]) => `${n} ${p}`)
      .join(', ')}, OTLP sink ${endpoint}`,
  );
  const stack = await startStack(definition, { quiet: true, logFile });
  return {
    spans: () => `${exports} export requests, ${Math.round(bytes / 1024)} KB`,
    stop: async () => {
      await stack.stop();
      sink.close();
    },
  };
}

function printTable(results, machine) {
  const ratio = (a, b) => (b ? (a / b).toFixed(2) : '–');
  console.log(`\nLists through the gateway (${DURATION} s per run, ${PAGE_SIZE} rows a page; ${machine})\n`);
  console.log(
    `| list | case | gateway @${RATE}/s p50 / p95 / p99 ms | service direct @${RATE}/s p95 ms | baseline @${RATE}/s p95 ms | p95 ratio to baseline | gateway max req/s | baseline max req/s | req/s ratio to baseline |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const g = r.gateway;
    console.log(
      `| ${r.list} | ${r.case} | ${g.p50} / ${g.p95} / ${g.p99}${g.bad ? ` (${g.bad} failed)` : ''} | ${r.direct.p95} | ${r.baseline.p95} | ${ratio(g.p95, r.baseline.p95)} | ${r.gatewayMax.rps} | ${r.baselineMax.rps} | ${ratio(r.gatewayMax.rps, r.baselineMax.rps)} |`,
    );
  }
}
