// The local stack of `npm start`, `npm run migrate` and `npm run seed`: the same ports, databases
// (prefix DB_PREFIX, default `zunft`), NATS stream, queue prefix and keys under var/.
import path from 'node:path';
import { root } from './bootstrap.mjs';
import { databaseNames, ensureKeys, serviceAuthFromEnv, stackDefinition } from './stack.mjs';

export function localStack() {
  const port = Number(process.env.PORT ?? 8080);
  const varDir = path.join(root, 'var');
  const dbPrefix = process.env.DB_PREFIX ?? 'zunft';
  const databases = databaseNames(dbPrefix);
  // Durable consumers keep their position in NATS, not in the database: a second stack with other
  // databases gets a stream of its own so it never acknowledges events away from the first.
  const natsStream = process.env.NATS_STREAM ?? (dbPrefix === 'zunft' ? 'ZUNFT_EVENTS' : dbPrefix.toUpperCase());
  const definition = stackDefinition({
    ports: {
      gateway: port,
      auth: Number(process.env.AUTH_PORT ?? 3001),
      operations: Number(process.env.OPERATIONS_PORT ?? 3002),
      billing: Number(process.env.BILLING_PORT ?? 3003),
      // The local Stripe stand-in (tools/stripe-standin), used when no STRIPE_SECRET_KEY is set.
      stripe: Number(process.env.STRIPE_STANDIN_PORT ?? 12111),
      // Prometheus /metrics per process on 127.0.0.1: gateway 9100, auth 9101, operations 9102, billing 9103, worker 9104.
      metrics: Number(process.env.METRICS_BASE_PORT ?? 9100),
    },
    databases,
    // Like the services themselves, the stack honours NATS_URL and REDIS_URL (else :4222 / :6379).
    natsUrl: process.env.NATS_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    natsStream,
    queuePrefix: dbPrefix,
    keys: ensureKeys(path.join(varDir, 'keys')),
    varDir,
    // The machine's NATS and Redis (:4222, :6379) run without users, so by default the stack does
    // not log in. Against servers started with deploy/nats/nats-server.conf and deploy/redis/users.acl
    // (as docker-compose.yml and the cluster do), STACK_SERVICE_AUTH=1 makes every process connect as
    // its own user (passwords NATS_<USER>_PASSWORD / REDIS_<USER>_PASSWORD, local defaults as in compose).
    serviceAuth: process.env.STACK_SERVICE_AUTH === '1' ? serviceAuthFromEnv() : undefined,
  });
  // Where each process serves Prometheus /metrics (printed by `npm start`).
  const metrics = definition
    .filter((p) => p.env?.METRICS_PORT && p.env.METRICS_PORT !== 'off')
    .map((p) => ({ name: p.name, url: `http://127.0.0.1:${p.env.METRICS_PORT}/metrics` }));
  return { port, databases, definition, metrics };
}
