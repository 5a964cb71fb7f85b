// `npm test`: every test of the workspace. Unit and integration tests of each project (against the
// running PostgreSQL and NATS), then the browser end-to-end flows (Playwright + Debian Chromium).
// Exits non-zero on the first failing stage.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureNode24, root, run } from './lib/bootstrap.mjs';
import { printJestFailures, printPlaywrightFailures } from './lib/test-failures.mjs';

ensureNode24(import.meta.url);

const only = process.argv[2]; // optional: "unit" or "e2e"
const FAILURES_DIR = path.join(root, 'var/test-failures');
// The stack's var directory of the run's E2E_SLOT (as e2e/playwright.config.ts names it).
const E2E_SLOT = Number(process.env.E2E_SLOT ?? 0);
const E2E_VAR = path.join(root, E2E_SLOT === 0 ? 'var/e2e' : `var/e2e-${E2E_SLOT}`);
const E2E_RESULTS = path.join(E2E_VAR, 'results.json');

// Each stage's duration, printed at the end (also after a failure): CI must stay under 30 minutes
// and its log shows where the time went.
const stages = [];
function stage(label) {
  const now = Date.now();
  if (stages.length > 0) stages.at(-1).ms = now - stages.at(-1).start;
  stages.push({ label, start: now, ms: null });
  console.log(`› ${label} …`);
}
process.on('exit', () => {
  if (stages.length === 0) return;
  const last = stages.at(-1);
  last.ms ??= Date.now() - last.start;
  console.log('\n› Dauer der Stufen:');
  for (const s of stages) console.log(`  ${String(Math.round(s.ms / 1000)).padStart(5)} s  ${s.label}`);
});

if (!process.version.startsWith('v24.')) {
  console.error(`Node 24 erwartet, gefunden ${process.version}`);
  process.exit(1);
}

const { checkServices } = await import('./lib/services-check.mjs');
await checkServices();
const { ensureSystemDeps } = await import('./lib/system-deps.mjs');
ensureSystemDeps();

if (only !== 'e2e') {
  // Every word a user reads comes from the de/fr/it files: the German-literal rule
  // (i18next/no-literal-string in eslint.config.js) over the apps' components. Key parity between
  // the language files is checked by each app's jest project below.
  // .ci/run lints every file with the same configuration just before (`npm run lint`) and says so
  // with ZUNFT_LINTED=1: no second pass over the apps there.
  if (process.env.ZUNFT_LINTED === '1') {
    console.log('› Texte nur aus den Sprachdateien: mit `npm run lint` geprüft.');
  } else {
    stage('Texte nur aus den Sprachdateien (keine deutschen Literale in Komponenten)');
    run('eslint', ['apps/*/src/**/*.tsx', '--max-warnings=0']);
  }
  // The generated OpenAPI answer schemas (services/*/src/openapi.responses.ts, issue 27) must match
  // the handlers' return types: stale after a route's answer changed without `npm run openapi:responses`.
  // Early: it needs no build (about 30 s).
  stage('OpenAPI-Antwortschemas aktuell');
  run('node', ['scripts/openapi/response-schemas.mjs', '--check']);
  // The build tools' own rules (tools/rspack/*.test.ts: which react-router names are shared) and
  // the lint rules that keep the architecture (tools/eslint/*.test.ts: the door rule, issue 22).
  stage('Build-Werkzeuge');
  const toolTests = ['tools/rspack', 'tools/eslint'].flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join(dir, file)),
  );
  run(process.execPath, ['--experimental-transform-types', '--no-warnings', '--test', ...toolTests]);
  stage('Build');
  run('nx', ['run-many', '-t', 'build', '--outputStyle=static']);
  // Redis commands in production traces need `node --import @zunft/nest-common/otel-hooks` (issue 27,
  // as the images start): a process started that way sends the ioredis span (needs the build; ~5 s).
  stage('Redis-Spans mit dem Loader-Hook');
  run('node', ['scripts/check-redis-spans.mjs']);
  // The production bundles a phone downloads: fails when the landing page (100 KB) or the way from
  // the login to the dashboard (450 KB) exceeds its brotli budget, printing the per-chunk table.
  stage('Bundle-Budgets');
  run('node', ['scripts/bundle-budget.mjs']);
  // Lighthouse (slow 4G, CPU slowdown calibrated to a mid-tier phone, see the top of lighthouse.mjs)
  // on the landing page, the login and the signed-in dashboard, median of 3 runs each (5 of the
  // dashboard): fails below 85 on the landing page and below 70 on the dashboard (the figures).
  // Before the jest projects, while nothing else runs: the score follows the machine's load.
  stage('Lighthouse (mobil)');
  run('node', ['scripts/lighthouse.mjs', '--gate']);
  stage('Unit- und Integrationstests');
  // One project at a time: the integration suites share the machine's PostgreSQL and NATS and
  // there are only two cores.
  // Every jest project writes its failing tests to var/test-failures/<project>.txt
  // (tools/jest/failure-summary-reporter.js); nx goes on with the other projects after a failure,
  // so the details would scroll away: printed again at the very end, where CI's log tail shows them.
  rmSync(FAILURES_DIR, { recursive: true, force: true });
  const jest = spawnSync('nx', ['run-many', '-t', 'test', '--parallel=1', '--outputStyle=static', '--skip-nx-cache'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' },
  });
  if (jest.status !== 0) {
    printJestFailures(FAILURES_DIR);
    console.error(`\n✖ nx run-many -t test failed (exit ${jest.status ?? jest.signal})`);
    process.exit(jest.status ?? 1);
  }
}
if (only !== 'unit') {
  stage('Browser-End-to-End-Tests');
  // The list reporter as configured, plus a JSON report for the summary printed after the stack log.
  rmSync(E2E_RESULTS, { force: true });
  const e2e = spawnSync('playwright', ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: E2E_RESULTS },
  });
  if (e2e.status !== 0) {
    // The services log warnings and errors only (e2e/global-setup.ts): what they said during the
    // run is the first clue to a failed flow, and CI keeps nothing but this output.
    printTail(path.join(E2E_VAR, 'stack.log'), 80);
    printPlaywrightFailures(E2E_RESULTS);
    console.error(`\n✖ playwright test -c e2e/playwright.config.ts failed (exit ${e2e.status ?? e2e.signal})`);
    process.exit(e2e.status ?? 1);
  }
}
console.log('\n✔ Alle Tests bestanden.');

function printTail(file, lines) {
  if (!existsSync(file)) return;
  const tail = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines);
  console.error(
    `\n› Die letzten ${tail.length} Zeilen von ${path.relative(root, file)} (Warnungen und Fehler der Dienste):`,
  );
  for (const line of tail) console.error(line);
}
