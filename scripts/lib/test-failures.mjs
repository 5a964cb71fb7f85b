// The end of a failed `npm test` (scripts/test.mjs): the failing tests again, after everything else,
// because CI keeps only the log's tail and nx runs the later projects after a failing one.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ANSI = /\u001b\[[0-9;]*m/g;

/** The failing jest tests of every project (written by tools/jest/failure-summary-reporter.js). */
export function printJestFailures(dir) {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.txt')) : [];
  if (files.length === 0) {
    console.error(
      '\n› Keine fehlgeschlagenen Tests gemeldet: ein Projekt brach vor seinen Tests ab (siehe oben, «Failed tasks»).',
    );
    return;
  }
  console.error(`\n› Fehlgeschlagene Tests (${files.map((f) => f.replace(/\.txt$/, '')).join(', ')}):`);
  for (const file of files.sort()) console.error(`\n${readFileSync(path.join(dir, file), 'utf8').trimEnd()}`);
}

/** The failing Playwright tests with the first lines of their errors, from the JSON report. */
export function printPlaywrightFailures(resultsFile) {
  if (!existsSync(resultsFile)) return;
  let report;
  try {
    report = JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    return;
  }
  const failed = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (!last || !['failed', 'timedOut', 'interrupted'].includes(last.status)) continue;
        const error = (last.errors?.[0]?.message ?? last.error?.message ?? last.status).replace(ANSI, '');
        // the page's failed API calls, pending requests and on-screen messages (e2e/tests/diagnostics.ts)
        const diagnostics = (last.attachments ?? [])
          .filter((a) => a.name?.startsWith('Browser-Diagnose') && a.body)
          .map((a) => Buffer.from(a.body, 'base64').toString('utf8'))
          .join('\n');
        failed.push({
          title: [`[${test.projectName}]`, ...titles, spec.title].join(' › '),
          file: spec.file,
          error,
          diagnostics,
        });
      }
    }
    // the file's suite holds the describe blocks, each with its title
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) failed.push({ title: '(global)', file: '', error: error.message ?? '' });
  if (failed.length === 0) return;
  console.error(`\n› Fehlgeschlagene Browser-Tests (${failed.length}):`);
  for (const f of failed) {
    console.error(`\n✖ ${f.file ? `e2e/tests/${f.file} ` : ''}${f.title}`);
    for (const line of f.error.trimEnd().split('\n').slice(0, 30)) console.error(`    ${line}`);
    if (f.diagnostics) {
      console.error('    Browser-Diagnose:');
      for (const line of f.diagnostics.trimEnd().split('\n').slice(-25)) console.error(`      ${line}`);
    }
  }
}
