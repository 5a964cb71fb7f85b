/*
 * The worker's sign of life: every worker process writes this key every few seconds (with a TTL);
 * the API's /health reads it and answers `degraded` when it is missing or stale.
 */

/** How often a worker writes its heartbeat. */
export const WORKER_HEARTBEAT_INTERVAL_MS = 5000;
/** Older than this, the API reports the worker as stale. */
export const WORKER_HEARTBEAT_STALE_MS = 30_000;
/** The key expires after this (a worker gone for good leaves no key behind). */
export const WORKER_HEARTBEAT_TTL_MS = 10 * 60_000;

export interface WorkerHeartbeat {
  /** ISO time of the beat. */
  at: string;
  host: string;
  pid: number;
  queues: string[];
}

/** One key per queue prefix (replicas overwrite each other: "some worker is alive"). */
export function workerHeartbeatKey(prefix: string): string {
  return `${prefix}:billing-worker:heartbeat`;
}
