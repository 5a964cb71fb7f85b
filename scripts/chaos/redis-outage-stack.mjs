#!/usr/bin/env node
// Chaos case "Redis stopped 60 s under the whole stack" (issue 25), run by hand after a build:
//
//   node scripts/chaos/redis-outage-stack.mjs [--down-seconds 60]
//
// Starts a Redis and a NATS of its own on free ports, WITH authentication from the repository's
// configurations (deploy/redis/users.acl through acl.sh, deploy/nats/nats-server.conf), and the whole
// built stack against them (gateway, auth, operations, billing API and worker; every process logs in
// as its own user: STACK_SERVICE_AUTH), on fresh databases `zunft_chaos_redis_*` with the demo data.
// Then it stops Redis (SIGTERM, the append-only file keeps the queues) for --down-seconds and polls
// every 500 ms through the gateway: a list (GET /api/quotes, must stay 200) and a quote PDF (must
// answer the German 503 within its wait, never hang or 500). After Redis is back it prints how long
// until the PDF worked again without restarting anything, and sends quotes: each mail is written
// once (the worker's mail outbox), 0 lost, 0 twice. The machine's Redis, NATS and PostgreSQL
// databases of other stacks are never touched. Exit 1 when a check failed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => Number(process.argv[process.argv.indexOf(name) + 1] || fallback) || fallback;
const downSeconds = arg('--down-seconds', 60);
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const portOpen = (port) =>
  new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
async function waitPort(port, what) {
  const deadline = Date.now() + 15_000;
  while (!(await portOpen(port))) {
    if (Date.now() > deadline) throw new Error(`${what} did not start on :${port}`);
    await sleep(50);
  }
}

const { serviceAuthFromEnv, databaseNames, ensureDatabase, ensureKeys, runServiceTask, stackDefinition, startStack } =
  await import('../lib/stack.mjs');
const { maintenanceQueueOf, seedDemoData } = await import('../lib/demo-data.mjs');

const dir = mkdtempSync(path.join(os.tmpdir(), 'zunft-chaos-redis-'));
const varDir = path.join(root, 'var', 'chaos-redis');
rmSync(path.join(varDir, 'mail-outbox'), { recursive: true, force: true });
mkdirSync(varDir, { recursive: true });
// the local passwords of the service users (as compose); the servers read them from the environment
const auth = serviceAuthFromEnv({});
const serverEnv = {
  ...process.env,
  NATS_AUTH_PASSWORD: auth.nats.auth,
  NATS_OPERATIONS_PASSWORD: auth.nats.operations,
  NATS_BILLING_PASSWORD: auth.nats.billing,
  NATS_BILLING_WORKER_PASSWORD: auth.nats['billing-worker'],
  REDIS_BILLING_PASSWORD: auth.redis.billing,
  REDIS_BILLING_WORKER_PASSWORD: auth.redis['billing-worker'],
  REDIS_GATEWAY_PASSWORD: auth.redis.gateway,
};
const [redisPort, natsPort, gateway, authPort, opsPort, billingPort] = await Promise.all(
  Array.from({ length: 6 }, freePort),
);
writeFileSync(
  path.join(dir, 'users.acl'),
  execFileSync('sh', [path.join(root, 'deploy/redis/acl.sh'), path.join(root, 'deploy/redis/users.acl')], {
    env: serverEnv,
  }),
);
let redis;
const startRedis = async () => {
  redis = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--aclfile',
      path.join(dir, 'users.acl'),
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
    ],
    { stdio: 'ignore' },
  );
  await waitPort(redisPort, 'redis-server');
};
const stopRedis = async () => {
  if (!redis || redis.exitCode !== null) return;
  const exited = new Promise((r) => redis.once('exit', r));
  redis.kill('SIGTERM');
  await exited;
};
const nats = spawn(
  NATS_SERVER,
  ['-c', path.join(root, 'deploy/nats/nats-server.conf'), '-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', dir],
  { stdio: 'ignore', env: serverEnv },
);

let stack;
let ok = true;
const check = (cond, line) => {
  console.log(`${cond ? '✔' : '✖'} ${line}`);
  if (!cond) ok = false;
};
try {
  if (!existsSync(path.join(root, 'services/billing/dist/worker.js')))
    throw new Error('build first: npx nx run-many -t build');
  await startRedis();
  await waitPort(natsPort, 'nats-server');
  const databases = databaseNames('zunft_chaos_redis');
  for (const db of Object.values(databases)) await ensureDatabase(db, { recreate: true });
  const definition = stackDefinition({
    ports: { gateway, auth: authPort, operations: opsPort, billing: billingPort },
    databases,
    natsUrl: `nats://127.0.0.1:${natsPort}`,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    natsStream: 'ZUNFT_EVENTS',
    queuePrefix: 'zunft', // the ACL gives billing keys under zunft:* only
    keys: ensureKeys(path.join(varDir, 'keys')),
    varDir,
    host: '127.0.0.1',
    logLevel: 'fatal', // the services' warnings while Redis is away would drown the figures
    serviceAuth: auth,
  });
  for (const svc of definition.filter((s) => s.migrate)) runServiceTask(definition, svc.name, svc.migrate);
  runServiceTask(definition, 'auth', 'dist/cli/seed-demo.js');
  stack = await startStack(definition, { quiet: true });
  const base = `http://127.0.0.1:${gateway}`;
  console.log(
    `› stack up with NATS and Redis users (:${natsPort}, :${redisPort}); demo data: ${(await seedDemoData(base, { queue: maintenanceQueueOf(definition) })).summary}`,
  );

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@zunft.ch', password: 'Demo1234!' }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.token}` };
  const get = async (p) => {
    const started = Date.now();
    const res = await fetch(`${base}${p}`, { headers, signal: AbortSignal.timeout(60_000) });
    const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started, body };
  };
  const quotes = (await get('/api/quotes')).body;
  const list = Array.isArray(quotes) ? quotes : (quotes.data ?? quotes.items);
  const quote = list.find((q) => q.status === 'draft') ?? list[0];
  check((await get(`/api/quotes/${quote.id}/pdf`)).status === 200, 'before: the quote PDF renders');
  const outbox = path.join(varDir, 'mail-outbox');
  const mailsBefore = existsSync(outbox) ? readdirSync(outbox).length : 0;

  console.log(`› Redis stopped for ${downSeconds} s`);
  await stopRedis();
  const downUntil = Date.now() + downSeconds * 1000;
  const tally = { list: {}, pdf: {} };
  let slowestPdf = 0;
  let german503 = true;
  while (Date.now() < downUntil) {
    const [l, p] = await Promise.all([get('/api/quotes'), get(`/api/quotes/${quote.id}/pdf`)]);
    tally.list[l.status] = (tally.list[l.status] ?? 0) + 1;
    tally.pdf[p.status] = (tally.pdf[p.status] ?? 0) + 1;
    slowestPdf = Math.max(slowestPdf, p.ms);
    if (p.status === 503 && !/^[A-ZÄÖÜ].*(PDF|Dokument)/.test(p.body?.error ?? '')) german503 = false;
    await sleep(500);
  }
  console.log(
    `  list answers: ${JSON.stringify(tally.list)}; PDF answers: ${JSON.stringify(tally.pdf)}, slowest ${slowestPdf} ms`,
  );
  check(
    Object.keys(tally.list).every((s) => s === '200'),
    'the API kept answering (GET /api/quotes 200 throughout)',
  );
  check(
    Object.keys(tally.pdf).every((s) => s === '503') && german503,
    'PDF calls answered the German 503, nothing else',
  );

  await startRedis();
  const back = Date.now();
  let recoveredMs = null;
  while (Date.now() - back < 60_000) {
    if ((await get(`/api/quotes/${quote.id}/pdf`)).status === 200) {
      recoveredMs = Date.now() - back;
      break;
    }
    await sleep(200);
  }
  console.log(`  recovery: the PDF rendered again ${recoveredMs} ms after Redis was back (no process restarted)`);
  check(recoveredMs !== null, 'the stack recovered without a restart');

  // jobs after the outage: send three quotes, exactly three mails leave the worker
  const drafts = list.filter((q) => q.status === 'draft').slice(0, 3);
  for (const q of drafts) {
    const res = await fetch(`${base}/api/quotes/${q.id}/send`, { method: 'POST', headers });
    check(res.status < 300, `quote ${q.quote_number ?? q.id} sent (${res.status})`);
  }
  const deadline = Date.now() + 30_000;
  let mails = 0;
  while (Date.now() < deadline) {
    mails = (existsSync(outbox) ? readdirSync(outbox).length : 0) - mailsBefore;
    if (mails >= drafts.length) break;
    await sleep(200);
  }
  await sleep(2000); // room for a duplicate to appear
  mails = (existsSync(outbox) ? readdirSync(outbox).length : 0) - mailsBefore;
  check(mails === drafts.length, `mails after the outage: ${mails} of ${drafts.length} (0 lost, 0 twice)`);
} catch (error) {
  ok = false;
  console.error(`✖ ${error.message}`);
} finally {
  await stack?.stop();
  await stopRedis();
  nats.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
