#!/usr/bin/env node
// Chaos case "PostgreSQL restarted under the running stack" (issue 25), run by hand:
//
//   node scripts/chaos/postgres-restart.mjs [--down-seconds 10]
//
// Starts a PostgreSQL of its own (initdb + pg_ctl in a temp directory, a free port, as the
// `postgres` user when run as root) and the BUILT operations service against it (its own NATS
// stream on the machine's NATS; `npx nx run @zunft/operations:build` first), then stops PostgreSQL
// for --down-seconds and starts it again. It polls /ready every 100 ms throughout and prints: the
// service's pid before and after (it must not restart), how long /ready answered 503, and how long
// after PostgreSQL was back the service answered 200 again (the pool recovers by itself). The
// machine's PostgreSQL, NATS and Redis are never touched. Exit 1 when the service did not recover.
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const downSeconds = Number(process.argv[process.argv.indexOf('--down-seconds') + 1] || 10) || 10;
const asRoot = process.getuid?.() === 0;

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const asPostgres = (bin, args) =>
  asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args], { stdio: 'pipe' })
    : execFileSync(path.join(PG_BIN, bin), args, { stdio: 'pipe' });

const dir = mkdtempSync(path.join(os.tmpdir(), 'zunft-chaos-pg-'));
chmodSync(dir, 0o700);
if (asRoot) {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  chownSync(dir, uid, gid);
}
const data = path.join(dir, 'data');
const pgPort = await freePort();
const appPort = await freePort();
const pgStart = () =>
  asPostgres('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'pg.log'),
    '-w',
    '-o',
    `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
const pgStop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);

let service;
let exitCode = 1;
try {
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pgStart();
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/zunft_operations_chaos`,
    NATS_STREAM: `ZUNFT_CHAOS_${process.pid}`,
    JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    DB_CONNECT_TIMEOUT_MS: '2000',
    LOG_LEVEL: 'fatal', // its 503 lines while the database is away would drown the figures
  };
  const cwd = path.join(root, 'services/operations');
  execFileSync(process.execPath, ['dist/migrate.js'], { cwd, env, stdio: 'pipe' });
  service = spawn(process.execPath, ['dist/main.js'], { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const pidBefore = service.pid;

  const ready = async () => {
    try {
      const res = await fetch(`http://127.0.0.1:${appPort}/ready`, { signal: AbortSignal.timeout(3000) });
      return res.status;
    } catch {
      return 0;
    }
  };
  const startDeadline = Date.now() + 60_000;
  while ((await ready()) !== 200) {
    if (Date.now() > startDeadline || service.exitCode !== null) throw new Error('operations did not become ready');
    await sleep(100);
  }
  console.log(`operations ready on :${appPort} (pid ${pidBefore}), PostgreSQL on :${pgPort}`);

  const samples = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      samples.push({ at: Date.now(), status: await ready() });
      await sleep(100);
    }
  })();

  await sleep(1000);
  pgStop();
  const stoppedAt = Date.now();
  console.log(`PostgreSQL stopped; down for ${downSeconds} s`);
  await sleep(downSeconds * 1000);
  pgStart();
  const backAt = Date.now();
  console.log('PostgreSQL started again');
  const recoverDeadline = backAt + 60_000;
  while (!samples.some((s) => s.at >= backAt && s.status === 200) && Date.now() < recoverDeadline) await sleep(100);
  await sleep(500);
  polling = false;
  await poller;

  const down = samples.filter((s) => s.at >= stoppedAt && s.at < backAt);
  const firstOk = samples.find((s) => s.at >= backAt && s.status === 200);
  const statuses = [...new Set(down.map((s) => s.status))].join(', ');
  console.log(`/ready while PostgreSQL was down: ${statuses} (${down.length} polls)`);
  console.log(`service pid before ${pidBefore}, after ${service.pid}, exited: ${service.exitCode ?? 'no'}`);
  if (firstOk && service.exitCode === null) {
    console.log(`recovered ${firstOk.at - backAt} ms after PostgreSQL was back, without a restart`);
    exitCode = 0;
  } else {
    console.log('NOT recovered within 60 s');
  }
} catch (error) {
  console.error(error.stderr?.toString() || error.message);
} finally {
  if (service && service.exitCode === null) service.kill('SIGTERM');
  await sleep(500);
  try {
    pgStop();
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(exitCode);
}
