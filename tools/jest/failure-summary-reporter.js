// A jest reporter (next to jest's own, see node-preset.js) that writes the failing tests of a project's
// run to var/test-failures/<project>.txt: suite path, test name and the first lines of the error.
// `npm test` runs the projects one after another through nx and CI keeps only the log's tail, so a
// failure early in the run scrolled away behind the later projects' output; scripts/test.mjs prints
// these files at the very end when the stage fails. A run without failures removes the project's
// file, so a stale one never names a test that passes now.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const ERROR_LINES = 30;
const ANSI = /\u001b\[[0-9;]*m/g;

/** The first `ERROR_LINES` lines of an error text, without colours, indented under its test. */
function excerpt(text) {
  // jest's and node's own stack frames say nothing about the failure
  const lines = String(text)
    .replace(ANSI, '')
    .trimEnd()
    .split('\n')
    .filter((line) => !/^\s*at .*(\/node_modules\/|node:internal|<anonymous>)/.test(line));
  const shown = lines.slice(0, ERROR_LINES).map((line) => `    ${line}`);
  if (lines.length > ERROR_LINES) shown.push(`    … (${lines.length - ERROR_LINES} weitere Zeilen)`);
  return shown.join('\n');
}

export default class FailureSummaryReporter {
  constructor(globalConfig, options = {}) {
    this.globalConfig = globalConfig;
    this.dir = path.resolve(root, options.outputDir ?? 'var/test-failures');
    this.failures = [];
    this.project = null;
  }

  onTestResult(test, result) {
    const config = test.context.config;
    this.project ??= projectName(config);
    const suite = path.relative(root, result.testFilePath);
    const failed = result.testResults.filter((r) => r.status === 'failed');
    for (const r of failed) {
      this.failures.push(`✖ ${suite}\n  › ${r.fullName || r.title}\n${excerpt(r.failureMessages.join('\n'))}`);
    }
    // A suite that failed without a failing test: it did not compile or load, a hook outside any
    // test threw, or the file holds no test.
    if (failed.length === 0 && (result.testExecError || result.failureMessage)) {
      const message = result.testExecError?.stack ?? result.testExecError?.message ?? result.failureMessage;
      this.failures.push(`✖ ${suite}\n  › (Testdatei selbst)\n${excerpt(message)}`);
    }
  }

  onRunComplete(contexts) {
    if (!this.project) {
      const [first] = [...contexts];
      this.project = first ? projectName(first.config) : 'jest';
    }
    const file = path.join(this.dir, `${this.project}.txt`);
    if (this.failures.length === 0) {
      fs.rmSync(file, { force: true });
      return;
    }
    fs.mkdirSync(this.dir, { recursive: true });
    const header = `${this.project}: ${this.failures.length} fehlgeschlagen (${new Date().toISOString()})`;
    fs.writeFileSync(file, `${header}\n${this.failures.join('\n\n')}\n`);
  }

  getLastError() {
    return undefined;
  }
}

function projectName(config) {
  const name = typeof config.displayName === 'string' ? config.displayName : config.displayName?.name;
  return (name || path.basename(config.rootDir)).replace(/[^\w.-]+/g, '_');
}
