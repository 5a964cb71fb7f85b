// Types of the plain-JS stack runner, for the TypeScript e2e setup.
import type { ChildProcess } from 'node:child_process';

export interface KeyFiles {
  privateFile: string;
  publicFile: string;
}
export interface StackProcess {
  name: string;
  cwd: string;
  entry: string;
  /** Absent for workers (no HTTP port). */
  health?: string;
  /** The service's migration script, when it has a database. */
  migrate?: string;
  env: Record<string, string>;
}
export interface StackOptions {
  ports: {
    gateway: number;
    auth: number;
    operations?: number;
    billing?: number;
    stripe?: number;
    /** First Prometheus /metrics port (gateway; auth +1, operations +2, billing +3, worker +4); unset = off. */
    metrics?: number;
  };
  databases: Record<string, string>;
  keys: KeyFiles;
  varDir: string;
  host?: string;
  nodeEnv?: string;
  natsUrl?: string;
  natsStream?: string;
  /** BullMQ key prefix (own per stack, so test stacks never take jobs of another). */
  queuePrefix?: string;
  redisUrl?: string;
  logLevel?: string;
  gatewayEnv?: Record<string, string>;
}
export const PG_ADMIN_URL: string;
export function ensureKeys(dir: string): KeyFiles;
export function dbUrl(name: string): string;
export function ensureDatabase(name: string, options?: { recreate?: boolean }): Promise<void>;
export function dropDatabase(name: string): Promise<void>;
export function waitForHttp(url: string, options?: { timeoutMs?: number; name?: string }): Promise<void>;
export function stackDefinition(options: StackOptions): StackProcess[];
export function databaseNames(prefix: string): Record<string, string>;
export const METRICS_PORT_OFFSETS: Record<'gateway' | 'auth' | 'operations' | 'billing' | 'billing-worker', number>;
/** Restart policy of the stack runner (see stack.mjs). */
export interface RestartPolicy {
  maxRestarts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  stableAfterMs: number;
}
export const RESTART_POLICY: RestartPolicy;
export function startStack(
  definition: StackProcess[],
  options?: { quiet?: boolean; logFile?: NodeJS.WritableStream; restart?: Partial<RestartPolicy> },
): Promise<{
  stop(): Promise<void>;
  /** The current process of each deployable (replaced when one is restarted). */
  children: (ChildProcess & { name: string })[];
  /** Resolves with the reason when a process kept failing and the stack was stopped. */
  failed: Promise<string>;
}>;
export function runServiceTask(definition: StackProcess[], serviceName: string, script: string): string;
