// `npm start`: install what is missing, build, migrate, seed the demo company and serve the whole
// product behind the gateway on http://localhost:8080.
import path from 'node:path';
import { ensureNode24, root, run } from './lib/bootstrap.mjs';

ensureNode24(import.meta.url);

const { databaseNames, ensureDatabase, ensureKeys, runServiceTask, stackDefinition, startStack } =
  await import('./lib/stack.mjs');
const { seedDemoData } = await import('./lib/demo-data.mjs');

const port = Number(process.env.PORT ?? 8080);
const varDir = path.join(root, 'var');
const skipBuild = process.argv.includes('--no-build');

if (!skipBuild) {
  console.log('› Build (nx run-many -t build) …');
  run('nx', ['run-many', '-t', 'build', '--outputStyle=static']);
}

const keys = ensureKeys(path.join(varDir, 'keys'));
const dbPrefix = process.env.DB_PREFIX ?? 'zunft';
const databases = databaseNames(dbPrefix);
// Durable consumers keep their position in NATS, not in the database: a second stack with other
// databases gets a stream of its own so it never acknowledges events away from the first.
const natsStream = process.env.NATS_STREAM ?? (dbPrefix === 'zunft' ? 'ZUNFT_EVENTS' : dbPrefix.toUpperCase());
for (const name of Object.values(databases)) await ensureDatabase(name);

const definition = stackDefinition({
  ports: {
    gateway: port,
    auth: Number(process.env.AUTH_PORT ?? 3001),
    operations: Number(process.env.OPERATIONS_PORT ?? 3002),
    billing: Number(process.env.BILLING_PORT ?? 3003),
    // The Stripe stand-in (only when no STRIPE_SECRET_KEY is set).
    stripe: Number(process.env.STRIPE_STANDIN_PORT ?? 12111),
  },
  databases,
  natsStream,
  queuePrefix: dbPrefix,
  keys,
  varDir,
});

console.log('› Migrationen …');
for (const svc of definition.filter((s) => s.migrate)) runServiceTask(definition, svc.name, svc.migrate);
console.log('› Demo-Firma …');
process.stdout.write(runServiceTask(definition, 'auth', 'dist/cli/seed-demo.js'));

const stack = await startStack(definition);
console.log('› Demo-Daten …');
try {
  console.log(`  ${(await seedDemoData(`http://localhost:${port}`)).summary}`);
} catch (error) {
  console.warn(`⚠ Demo-Daten konnten nicht (vollständig) angelegt werden: ${error.message}`);
}
console.log(`
  Zunft läuft auf  http://localhost:${port}

  Demo-Login (Inhaber):   demo@zunft.ch / Demo1234!
  Büro:                   buero@zunft.ch / Demo1234!
  Mitarbeitende:          luca.meier@zunft.ch, sara.keller@zunft.ch / Demo1234!

  Beenden mit Ctrl+C.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\n› Wird beendet …');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
for (const child of stack.children) {
  child.on('exit', (code, signal) => {
    if (!stopping && signal !== 'SIGTERM') {
      console.error(`✖ ${child.name} ist unerwartet beendet (exit ${code ?? signal}); alles wird gestoppt.`);
      void shutdown().then(() => process.exit(1));
    }
  });
}
