// `npm run migrate`: creates the local databases when missing and runs every service's pending
// migrations (each service's `dist/migrate.js`, so build first: `npm run build` or `npm start`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureNode24, root } from './lib/bootstrap.mjs';

ensureNode24(import.meta.url);

const { ensureDatabase, runServiceTask } = await import('./lib/stack.mjs');
const { localStack } = await import('./lib/local-stack.mjs');

const { databases, definition } = localStack();
for (const name of Object.values(databases)) await ensureDatabase(name);

for (const svc of definition.filter((s) => s.migrate)) {
  if (!existsSync(path.join(root, svc.cwd, svc.migrate))) {
    console.error(`✖ ${svc.cwd}/${svc.migrate} fehlt: zuerst bauen (npm run build).`);
    process.exit(1);
  }
  console.log(`› Migrationen ${svc.name} …`);
  const out = runServiceTask(definition, svc.name, svc.migrate);
  if (out.trim()) process.stdout.write(out);
}
console.log('✔ Alle Migrationen ausgeführt.');
