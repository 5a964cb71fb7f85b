// Runs under whatever `node` npm found first. On a fresh machine that is the system Node 20, so this
// file must stay plain modern JS: it installs the dependencies (which include Node 24 as the npm
// package `node`) and re-runs the calling script under Node 24.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const node24 = path.join(root, 'node_modules/.bin/node');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: root,
    ...opts,
    env: { ...process.env, ...(opts.env ?? {}) },
  });
  if (res.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/** Installs node_modules when missing and makes sure we run on Node 24; re-execs otherwise. */
export function ensureNode24(scriptUrl) {
  if (!existsSync(node24) || !existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
    console.log('› Abhängigkeiten werden installiert (npm ci) …');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
  if (!process.version.startsWith('v24.')) {
    const binDir = path.join(root, 'node_modules/.bin');
    const res = spawnSync(node24, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH}` },
    });
    process.exit(res.status ?? 1);
  }
  process.env.PATH = `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`;
}
