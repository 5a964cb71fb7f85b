// `npm start`: install what is missing, build, migrate, seed the demo company and serve the whole
// product behind the gateway on http://localhost:8080.
import { ensureNode24, run } from './lib/bootstrap.mjs';

ensureNode24(import.meta.url);

// Chromium and poppler before anything starts (installed when root with apt, else one clear line).
const { ensureSystemDeps } = await import('./lib/system-deps.mjs');
ensureSystemDeps();

const { ensureDatabase, runServiceTask, startStack } = await import('./lib/stack.mjs');
const { localStack } = await import('./lib/local-stack.mjs');
const { seedDemoData } = await import('./lib/demo-data.mjs');

const skipBuild = process.argv.includes('--no-build');

if (!skipBuild) {
  console.log('› Build (nx run-many -t build) …');
  run('nx', ['run-many', '-t', 'build', '--outputStyle=static']);
}

const { port, databases, definition, metrics } = localStack();
for (const name of Object.values(databases)) await ensureDatabase(name);

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

  API-Beschreibung:       http://localhost:${port}/api/docs  (OpenAPI 3.1: /api/openapi.json)

  Metriken (Prometheus, nur lokal):
${metrics.map((m) => `    ${m.name.padEnd(16)} ${m.url}`).join('\n')}

  Traces (OpenTelemetry): ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? `an, OTLP an ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT}` : 'aus (OTEL_EXPORTER_OTLP_ENDPOINT=http://… setzen)'}

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
// The stack runner restarts a process that ends unexpectedly; when one keeps failing it stops the
// whole stack and says why: then `npm start` ends with an error instead of serving half a product.
void stack.failed.then((reason) => {
  if (stopping) return;
  stopping = true;
  console.error(`✖ Zunft wurde gestoppt: ${reason}`);
  process.exit(1);
});
