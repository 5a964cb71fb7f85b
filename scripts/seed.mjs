// `npm run seed`: the demo company with its users (auth's `dist/cli/seed-demo.js`, idempotent) and,
// when the stack runs (`npm start` in another terminal), the demo customers, projects, time entries,
// materials and quotes through the gateway. Needs built services and migrated databases
// (`npm run build`, `npm run migrate`).
import { ensureNode24 } from './lib/bootstrap.mjs';

ensureNode24(import.meta.url);

const { runServiceTask } = await import('./lib/stack.mjs');
const { localStack } = await import('./lib/local-stack.mjs');
const { seedDemoData } = await import('./lib/demo-data.mjs');

const { port, definition } = localStack();
console.log('› Demo-Firma …');
process.stdout.write(runServiceTask(definition, 'auth', 'dist/cli/seed-demo.js'));

const baseUrl = `http://localhost:${port}`;
const running = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) })
  .then((res) => res.ok)
  .catch(() => false);
if (!running) {
  console.log(
    `  Die Demo-Daten kommen über die API: ${baseUrl} läuft nicht (npm start), nur die Demo-Firma wurde angelegt.`,
  );
  process.exit(0);
}
console.log('› Demo-Daten …');
console.log(`  ${(await seedDemoData(baseUrl)).summary}`);
