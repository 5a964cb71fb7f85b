// A complete stack for the measuring scripts (bundle budgets, Lighthouse): fresh databases with the
// demo company, its own ports, NATS stream, queue and rate-limit prefixes, and the gateway serving
// the production builds of `distRoot` (this checkout, or another one for before/after figures).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './bootstrap.mjs';

/** Built remotes the gateway serves under /remotes/<name>/ (relative to the checkout). */
export const REMOTE_DIST_DIRS = {
  admin: 'apps/mf-admin/dist',
  time: 'apps/mf-time/dist',
  billing: 'apps/mf-billing/dist',
};

/**
 * Starts the stack. `name` (e.g. 'budget') names the databases `zunft_<name>_*`, the var directory
 * `var/<name>` and the stream/queue/rate-limit prefixes. Returns the running stack and its stream.
 */
export async function startMeasureStack({ name, ports, distRoot = root }) {
  const { databaseNames, ensureDatabase, ensureKeys, runServiceTask, stackDefinition, startStack } =
    await import('./stack.mjs');
  const varDir = path.join(root, 'var', name);
  mkdirSync(varDir, { recursive: true });
  const databases = databaseNames(`zunft_${name.replace(/-/g, '_')}`);
  for (const database of Object.values(databases)) await ensureDatabase(database, { recreate: true });
  const stamp = Date.now();
  const natsStream = `ZUNFT_${name.toUpperCase().replace(/-/g, '_')}_${stamp}`;
  const definition = stackDefinition({
    ports,
    databases,
    natsStream,
    queuePrefix: `zunft-${name}-${stamp}`,
    keys: ensureKeys(path.join(varDir, 'keys')),
    varDir,
    host: '127.0.0.1',
    logLevel: 'warn',
    gatewayEnv: {
      RATE_LIMIT_NAMESPACE: `zunft:${name}:${stamp}:`,
      SHELL_DIST: path.join(distRoot, 'apps/shell/dist'),
      REMOTE_DIRS: Object.entries(REMOTE_DIST_DIRS)
        .map(([remote, dir]) => `${remote}:${path.join(distRoot, dir)}`)
        .join(','),
    },
  });
  for (const svc of definition.filter((s) => s.migrate)) runServiceTask(definition, svc.name, svc.migrate);
  runServiceTask(definition, 'auth', 'dist/cli/seed-demo.js');
  const stack = await startStack(definition, { quiet: true });
  return { ...stack, natsStream };
}

/** Stops the stack and removes its NATS stream (best effort). */
export async function stopMeasureStack(stack) {
  await stack.stop();
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' }).catch(() => undefined);
  if (!nc) return;
  try {
    await (await jetstreamManager(nc)).streams.delete(stack.natsStream).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
