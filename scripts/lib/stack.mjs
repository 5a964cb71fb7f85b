// Starts the whole product (services + gateway) as child processes. Used by `npm start` and by the
// browser end-to-end tests, which run their own stack on other ports and throw-away databases.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root } from './bootstrap.mjs';

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** An ES256 key pair for access tokens, created once per directory. */
export function ensureKeys(dir) {
  mkdirSync(dir, { recursive: true });
  const privateFile = path.join(dir, 'jwt-private.pem');
  const publicFile = path.join(dir, 'jwt-public.pem');
  if (!existsSync(privateFile) || !existsSync(publicFile)) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return { privateFile, publicFile };
}

export function dbUrl(name) {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates the database if it is missing (or drops and re-creates it when `recreate`). */
export async function ensureDatabase(name, { recreate = false } = {}) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    if (recreate) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(name) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function waitForHttp(url, { timeoutMs = 60_000, name = url } = {}) {
  const started = Date.now();
  let lastError;
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = new Error(`HTTP ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not become ready at ${url}: ${lastError?.message ?? 'timeout'}`);
}

/**
 * The deployables and how to start them. Adding a service = one entry here (plus its database).
 * @param {object} o ports, database names, key files and extra env
 */
export function stackDefinition(o) {
  const common = {
    NODE_ENV: o.nodeEnv ?? 'production',
    NATS_URL: o.natsUrl ?? 'nats://127.0.0.1:4222',
    NATS_STREAM: o.natsStream ?? 'ZUNFT_EVENTS',
    REDIS_URL: o.redisUrl ?? 'redis://127.0.0.1:6379',
    APP_URL: `http://localhost:${o.ports.gateway}`,
    LOG_LEVEL: o.logLevel ?? 'info',
    JWT_PUBLIC_KEY_FILE: o.keys.publicFile,
  };
  // Stripe: real keys from the environment (test or live mode), else the local stand-in
  // (tools/stripe-standin) with its own keys; the product cannot tell the difference.
  const stripeStandin = !process.env.STRIPE_SECRET_KEY && o.ports.stripe;
  const stripeEnv = stripeStandin
    ? {
        STRIPE_SECRET_KEY: 'sk_test_zunft_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_zunft_standin',
        STRIPE_WEBHOOK_SECRET: 'whsec_zunft_standin',
        STRIPE_API_BASE: `http://127.0.0.1:${o.ports.stripe}`,
      }
    : {};
  const services = [
    {
      name: 'auth',
      cwd: 'services/auth',
      entry: 'dist/main.js',
      port: o.ports.auth,
      env: {
        DATABASE_URL: dbUrl(o.databases.auth),
        JWT_PRIVATE_KEY_FILE: o.keys.privateFile,
        STORAGE_DIR: path.join(o.varDir, 'storage/auth'),
        ...stripeEnv,
      },
    },
    {
      name: 'operations',
      cwd: 'services/operations',
      entry: 'dist/main.js',
      port: o.ports.operations,
      gatewayEnv: 'OPERATIONS_SERVICE_URL',
      env: {
        DATABASE_URL: dbUrl(o.databases.operations),
        STORAGE_DIR: path.join(o.varDir, 'storage/operations'),
      },
    },
    {
      name: 'billing',
      cwd: 'services/billing',
      entry: 'dist/main.js',
      port: o.ports.billing,
      gatewayEnv: 'BILLING_SERVICE_URL',
      env: {
        DATABASE_URL: dbUrl(o.databases.billing),
        PUBLIC_URL: `http://localhost:${o.ports.gateway}`,
        QUEUE_PREFIX: o.queuePrefix ?? 'zunft',
      },
    },
  ].filter((svc) => isPresent(svc.cwd) && svc.port);
  // Processes without an HTTP port (BullMQ workers); they start after the services.
  const workers = [
    {
      name: 'billing-worker',
      cwd: 'services/billing',
      entry: 'dist/worker.js',
      env: {
        ...(o.databases.billing ? { DATABASE_URL: dbUrl(o.databases.billing) } : {}),
        QUEUE_PREFIX: o.queuePrefix ?? 'zunft',
        MAIL_OUTBOX_DIR: path.join(o.varDir, 'mail-outbox'),
        ...(process.env.SMTP_URL ? { SMTP_URL: process.env.SMTP_URL } : {}),
      },
    },
  ].filter((w) => isPresent(w.cwd) && existsSync(path.join(root, w.cwd, 'src/worker.ts')));
  const remotes = [
    { name: 'admin', dir: 'apps/mf-admin' },
    { name: 'time', dir: 'apps/mf-time', env: 'REMOTE_TIME_URL' },
    { name: 'billing', dir: 'apps/mf-billing', env: 'REMOTE_BILLING_URL' },
  ].filter((r) => isPresent(r.dir));

  return [
    ...(stripeStandin
      ? [
          {
            name: 'stripe-standin',
            cwd: 'tools/stripe-standin',
            entry: 'main.mjs',
            health: `http://127.0.0.1:${o.ports.stripe}/health`,
            env: {
              PORT: String(o.ports.stripe),
              STRIPE_SECRET_KEY: stripeEnv.STRIPE_SECRET_KEY,
              STRIPE_WEBHOOK_SECRET: stripeEnv.STRIPE_WEBHOOK_SECRET,
              // Like Stripe, it calls the public URL (through the gateway).
              STRIPE_WEBHOOK_URL: `http://127.0.0.1:${o.ports.gateway}/api/subscriptions/webhook`,
            },
          },
        ]
      : []),
    ...services.map((svc) => ({
      name: svc.name,
      cwd: svc.cwd,
      entry: svc.entry,
      migrate: 'dist/migrate.js',
      health: `http://127.0.0.1:${svc.port}/health`,
      env: { ...common, PORT: String(svc.port), ...svc.env },
    })),
    ...workers.map((w) => ({ name: w.name, cwd: w.cwd, entry: w.entry, env: { ...common, ...w.env } })),
    {
      name: 'gateway',
      cwd: 'services/gateway',
      entry: 'dist/main.js',
      health: `http://127.0.0.1:${o.ports.gateway}/healthz`,
      env: {
        ...common,
        PORT: String(o.ports.gateway),
        HOST: o.host ?? '0.0.0.0',
        PUBLIC_URL: `http://localhost:${o.ports.gateway}`,
        AUTH_SERVICE_URL: `http://127.0.0.1:${o.ports.auth}`,
        ...Object.fromEntries(
          services.filter((svc) => svc.gatewayEnv).map((svc) => [svc.gatewayEnv, `http://127.0.0.1:${svc.port}`]),
        ),
        SHELL_DIST: path.join(root, 'apps/shell/dist'),
        REMOTE_DIRS: remotes.map((r) => `${r.name}:${path.join(root, r.dir, 'dist')}`).join(','),
        ...Object.fromEntries(remotes.filter((r) => r.env).map((r) => [r.env, `/remotes/${r.name}/mf-manifest.json`])),
        ...(o.gatewayEnv ?? {}),
      },
    },
  ];
}

/** A deployable takes part once its folder exists (services and remotes arrive issue by issue). */
function isPresent(dir) {
  return existsSync(path.join(root, dir, 'package.json'));
}

/** The service databases of a stack, named with a prefix (`zunft` for `npm start`). */
export function databaseNames(prefix) {
  return {
    auth: `${prefix}_auth`,
    ...(isPresent('services/operations') ? { operations: `${prefix}_operations` } : {}),
    ...(isPresent('services/billing') ? { billing: `${prefix}_billing` } : {}),
  };
}

const COLORS = { auth: 35, gateway: 36, operations: 33, billing: 32, 'billing-worker': 34, 'stripe-standin': 94 };

/** Spawns every deployable, waits for health, returns a handle to stop them. */
export async function startStack(definition, { quiet = false, logFile } = {}) {
  const children = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
  };
  for (const svc of definition) {
    const child = spawn(process.execPath, [svc.entry], {
      cwd: path.join(root, svc.cwd),
      env: { ...process.env, ...svc.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.name = svc.name;
    children.push(child);
    const prefix = `\x1b[${COLORS[svc.name] ?? 37}m[${svc.name}]\x1b[0m `;
    const forward = (stream, out) =>
      stream.on('data', (chunk) => {
        const text = chunk.toString();
        if (logFile) logFile.write(text.replace(/^/gm, `[${svc.name}] `));
        if (!quiet) out.write(text.replace(/^(?=.)/gm, prefix));
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      if (!quiet && code !== 0 && signal !== 'SIGTERM') console.error(`${prefix}beendet (exit ${code ?? signal})`);
    });
    if (!svc.health) continue; // a worker: it logs its own readiness
    try {
      await waitForHttp(svc.health, { name: svc.name, timeoutMs: 60_000 });
    } catch (err) {
      await stop();
      throw err;
    }
  }
  return { stop, children };
}

/** Runs a one-off script of a service (migrations, seed) with that service's environment. */
export function runServiceTask(definition, serviceName, script) {
  const svc = definition.find((s) => s.name === serviceName);
  const res = spawnSync(process.execPath, [script], {
    cwd: path.join(root, svc.cwd),
    env: { ...process.env, ...svc.env },
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    const how = res.error ? res.error.message : res.signal ? `signal ${res.signal}` : `exit ${res.status}`;
    throw new Error(`${serviceName} ${script} failed (${how}):\n${res.stdout}\n${res.stderr}`);
  }
  return res.stdout;
}
