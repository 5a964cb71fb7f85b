import { closeSync, openSync, statSync, utimesSync } from 'node:fs';

/**
 * The worker's liveness for Kubernetes (an exec probe: the worker has no HTTP port). The heartbeat
 * touches this file every few seconds, whether Redis answers or not (Redis being away is no reason
 * to restart the worker: it reconnects by itself); `dist/worker/probe.js` fails once the file is
 * older than WORKER_ALIVE_MAX_AGE_MS, i.e. the event loop is stuck or the process hangs.
 */
export const WORKER_ALIVE_FILE = process.env.WORKER_ALIVE_FILE || '/tmp/zunft-worker-alive';
export const WORKER_ALIVE_MAX_AGE_MS = 60_000;

export function touchAliveFile(file = WORKER_ALIVE_FILE, now = new Date()): void {
  try {
    utimesSync(file, now, now);
  } catch {
    closeSync(openSync(file, 'a'));
    utimesSync(file, now, now);
  }
}

/** null when alive, else the reason. */
export function livenessProblem(
  file = WORKER_ALIVE_FILE,
  maxAgeMs = WORKER_ALIVE_MAX_AGE_MS,
  now = Date.now(),
): string | null {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return `no heartbeat file ${file}`;
  }
  const age = now - mtimeMs;
  return age > maxAgeMs ? `last heartbeat ${Math.round(age / 1000)} s ago` : null;
}
