// Starts a complete Zunft stack for the browser tests on its own ports and a fresh database, with
// the demo company seeded. Stopped again by the returned teardown.
import path from 'node:path';
import { createWriteStream, mkdirSync } from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { E2E_PORTS, E2E_SLOT, E2E_VAR_DIR } from './playwright.config.js';
/* eslint-disable @nx/enforce-module-boundaries -- the e2e stack is started by the same runner as `npm start` */
import {
  databaseNames,
  ensureDatabase,
  ensureKeys,
  runServiceTask,
  stackDefinition,
  startStack,
} from '../scripts/lib/stack.mjs';
/* eslint-enable @nx/enforce-module-boundaries */

const root = path.resolve(import.meta.dirname, '..');

export default async function globalSetup() {
  const varDir = path.join(root, E2E_VAR_DIR);
  mkdirSync(varDir, { recursive: true });
  const databases = databaseNames(E2E_SLOT === 0 ? 'zunft_e2e' : `zunft_e2e${E2E_SLOT}`);
  for (const name of Object.values(databases)) await ensureDatabase(name, { recreate: true });
  // A stream of its own per run (subjects get its name as prefix), so a dev stack on the same NATS
  // never shares durable consumers with the test stack.
  const natsStream = `ZUNFT_E2E_${Date.now()}`;
  const definition = stackDefinition({
    ports: {
      gateway: E2E_PORTS.gateway,
      auth: E2E_PORTS.auth,
      operations: E2E_PORTS.operations,
      billing: E2E_PORTS.billing,
      stripe: E2E_PORTS.stripe,
    },
    databases,
    natsStream,
    queuePrefix: `zunft-e2e-${Date.now()}`,
    keys: ensureKeys(path.join(varDir, 'keys')),
    varDir,
    host: '127.0.0.1',
    logLevel: 'warn',
    gatewayEnv: {
      // The tests register many companies and log in often from one address.
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_REGISTER_PER_MIN: '1000',
      RATE_LIMIT_SUPERADMIN_PER_MIN: '1000',
      RATE_LIMIT_NAMESPACE: `zunft:e2e:${natsStream}:`,
    },
  });
  for (const svc of definition.filter((s) => s.migrate)) runServiceTask(definition, svc.name, svc.migrate!);
  runServiceTask(definition, 'auth', 'dist/cli/seed-demo.js');
  const auth = definition.find((s) => s.name === 'auth')!;
  const logFile = createWriteStream(path.join(varDir, 'stack.log'));
  const stack = await startStack(definition, { quiet: true, logFile });
  process.env.E2E_AUTH_ENV = JSON.stringify(auth.env);
  // The billing worker's Redis and queue prefix: the demo seed (demo-chain.spec) runs the daily overdue rule there.
  const worker = definition.find((s) => s.name === 'billing-worker');
  if (worker)
    process.env.E2E_MAINTENANCE_QUEUE = JSON.stringify({
      redisUrl: worker.env.REDIS_URL,
      prefix: worker.env.QUEUE_PREFIX,
    });
  return async () => {
    await stack.stop();
    logFile.end();
    await deleteStream(natsStream);
  };
}

async function deleteStream(name: string): Promise<void> {
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(name).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
