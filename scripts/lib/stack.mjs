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
    // Development: the local stack runs on stand-in secrets (Stripe stand-in, passwordless
    // PostgreSQL/NATS/Redis), which NODE_ENV=production refuses (nest-common production-secrets.ts).
    NODE_ENV: o.nodeEnv ?? 'development',
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
  // Prometheus /metrics of each process on its own port (127.0.0.1) from `o.ports.metrics` on;
  // stacks without it (e2e, benchmarks, Lighthouse) run with METRICS_PORT=off so they never collide.
  const metricsEnv = (name) => ({
    METRICS_PORT: o.ports.metrics ? String(o.ports.metrics + METRICS_PORT_OFFSETS[name]) : 'off',
  });
  const services = [
    {
      name: 'auth',
      cwd: 'services/auth',
      entry: 'dist/main.js',
      port: o.ports.auth,
      env: {
        DATABASE_URL: dbUrl(o.databases.auth),
        JWT_PRIVATE_KEY_FILE: o.keys.privateFile,
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

  return withServiceAuth(o.serviceAuth, common.REDIS_URL, [
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
      env: { ...common, ...metricsEnv(svc.name), PORT: String(svc.port), ...svc.env },
    })),
    ...workers.map((w) => ({
      name: w.name,
      cwd: w.cwd,
      entry: w.entry,
      env: { ...common, ...metricsEnv(w.name), ...w.env },
    })),
    {
      name: 'gateway',
      cwd: 'services/gateway',
      entry: 'dist/main.js',
      health: `http://127.0.0.1:${o.ports.gateway}/healthz`,
      env: {
        ...common,
        ...metricsEnv('gateway'),
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
  ]);
}

/** NATS users (deploy/nats/nats-server.conf) and Redis ACL users (deploy/redis/users.acl) per process. */
const NATS_USERS = { auth: 'auth', operations: 'operations', billing: 'billing', 'billing-worker': 'billing-worker' };
const REDIS_USERS = { billing: 'billing', 'billing-worker': 'billing-worker', gateway: 'gateway' };

/**
 * The local passwords of the service users: NATS_<USER>_PASSWORD / REDIS_<USER>_PASSWORD from the
 * environment (as deploy/nats and deploy/redis/acl.sh read them), else `zunft-local-<nats|redis>-<user>`,
 * the same defaults as docker-compose.yml.
 */
export function serviceAuthFromEnv(env = process.env) {
  const key = (user) => user.toUpperCase().replace(/-/g, '_');
  const pick = (kind, user) => env[`${kind.toUpperCase()}_${key(user)}_PASSWORD`] || `zunft-local-${kind}-${user}`;
  return {
    nats: Object.fromEntries(Object.values(NATS_USERS).map((u) => [u, pick('nats', u)])),
    redis: Object.fromEntries(Object.values(REDIS_USERS).map((u) => [u, pick('redis', u)])),
  };
}

/**
 * With `serviceAuth` (STACK_SERVICE_AUTH=1, or a stack that starts its own servers from the deploy
 * configurations, like the chaos scripts) every process connects as its own NATS user and Redis ACL
 * user; without it (the machine's servers on :4222/:6379 have no users) nothing changes.
 */
function withServiceAuth(auth, redisUrl, processes) {
  if (!auth) return processes;
  return processes.map((p) => {
    const env = { ...p.env };
    const natsUser = NATS_USERS[p.name];
    if (natsUser) Object.assign(env, { NATS_USER: natsUser, NATS_PASSWORD: auth.nats[natsUser] });
    const redisUser = REDIS_USERS[p.name];
    if (redisUser) {
      const url = new URL(env.REDIS_URL ?? redisUrl);
      url.username = redisUser;
      url.password = auth.redis[redisUser];
      env.REDIS_URL = url.toString();
    }
    return { ...p, env };
  });
}

/** Metrics port of each process relative to `ports.metrics` (the defaults of nest-common's METRICS_DEFAULT_PORTS from 9100). */
export const METRICS_PORT_OFFSETS = { gateway: 0, auth: 1, operations: 2, billing: 3, 'billing-worker': 4 };

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

/** Restart policy of the stack runner: backoff 1 s, 2 s, 4 s … (at most 8 s); a run that lasted
 * `stableAfterMs` counts as healthy again; more than `maxRestarts` quick failures stop the stack. */
export const RESTART_POLICY = { maxRestarts: 3, baseDelayMs: 1000, maxDelayMs: 8000, stableAfterMs: 60_000 };

/** The last line of a process's output that says why it ended (pino JSON: its msg/err). */
function reasonOf(lines) {
  const meaningful = lines.filter((l) => !/^\s*at\s/.test(l) && !/^Node\.js v/.test(l));
  const last = (re) => [...meaningful].reverse().find((l) => re.test(l));
  // An exception line ("Error: listen EADDRINUSE …") says more than a log line that mentions errors.
  const pick =
    last(/\b\w*Error\b: /) ??
    last(/"level":(50|60)|\berror\b|fehl|not found|cannot|failed|✖/i) ??
    meaningful.at(-1) ??
    '';
  try {
    const entry = JSON.parse(pick);
    const err = entry.err?.message ?? entry.err ?? entry.error;
    return [entry.msg, typeof err === 'string' ? err : null].filter(Boolean).join(': ').slice(0, 300);
  } catch {
    return pick.trim().slice(0, 300);
  }
}

/**
 * Spawns every deployable, waits for health, returns a handle to stop them. A process that exits
 * unexpectedly is restarted with backoff (a loud line each time); after repeated quick failures the
 * whole stack is stopped and `failed` resolves with the reason (instead of serving half a product).
 */
export async function startStack(definition, { quiet = false, logFile, restart = {} } = {}) {
  const policy = { ...RESTART_POLICY, ...restart };
  /** The current process of each deployable (replaced on a restart). */
  const children = [];
  let stopping = false;
  let resolveFailed;
  const failed = new Promise((resolve) => (resolveFailed = resolve));
  const loud = (line) => {
    console.error(line);
    if (logFile) logFile.write(`${line}\n`);
  };
  const stop = async () => {
    stopping = true;
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
  const failures = new Map();

  const spawnOne = (svc, slot) => {
    // The services start as their images do (deploy/docker/*.Dockerfile): with the OpenTelemetry
    // loader hook, so Redis commands show in traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (issue 27);
    // without an endpoint the hook registers nothing.
    const nodeArgs = svc.entry.startsWith('dist/') ? ['--import', '@zunft/nest-common/otel-hooks'] : [];
    const child = spawn(process.execPath, [...nodeArgs, svc.entry], {
      cwd: path.join(root, svc.cwd),
      env: { ...process.env, ...svc.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.name = svc.name;
    children[slot] = child;
    const startedAt = Date.now();
    const lastLines = [];
    const prefix = `\x1b[${COLORS[svc.name] ?? 37}m[${svc.name}]\x1b[0m `;
    const forward = (stream, out) =>
      stream.on('data', (chunk) => {
        const text = chunk.toString();
        for (const line of text.split('\n')) if (line.trim()) lastLines.push(line);
        lastLines.splice(0, Math.max(0, lastLines.length - 20));
        if (logFile) logFile.write(text.replace(/^/gm, `[${svc.name}] `));
        if (!quiet) out.write(text.replace(/^(?=.)/gm, prefix));
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('error', (err) => lastLines.push(`spawn failed: ${err.message}`));
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const how = `exit ${code ?? signal}`;
      const why = reasonOf(lastLines);
      const count = Date.now() - startedAt >= policy.stableAfterMs ? 1 : (failures.get(svc.name) ?? 0) + 1;
      failures.set(svc.name, count);
      if (count > policy.maxRestarts) {
        const reason = `${svc.name} ist ${count}-mal kurz nach dem Start beendet worden (${how})${why ? `: ${why}` : ''}`;
        loud(`✖ ${reason}. Der ganze Stack wird gestoppt.`);
        void stop().then(() => resolveFailed(reason));
        return;
      }
      const delay = Math.min(policy.baseDelayMs * 2 ** (count - 1), policy.maxDelayMs);
      loud(
        `⚠ ${svc.name} unerwartet beendet (${how})${why ? `: ${why}` : ''}. ` +
          `Neustart ${count}/${policy.maxRestarts} in ${Math.round(delay / 100) / 10} s …`,
      );
      setTimeout(() => {
        if (!stopping) spawnOne(svc, slot);
      }, delay).unref();
    });
  };

  for (const [slot, svc] of definition.entries()) {
    spawnOne(svc, slot);
    if (!svc.health) continue; // a worker: it logs its own readiness
    try {
      await Promise.race([
        waitForHttp(svc.health, { name: svc.name, timeoutMs: 60_000 }),
        failed.then((reason) => {
          throw new Error(reason);
        }),
      ]);
    } catch (err) {
      await stop();
      throw err;
    }
  }
  return { stop, children, failed };
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
