// Environment of the gateway, validated once at boot. Everything else receives a GatewayConfig.
// Messages are English like the services' (nest-common): the operator reads them in the boot log.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '@zunft/contracts';
import { z } from 'zod';
import { REMOTE_MANIFEST_ENV, SERVICE_ROUTES, type RemoteName, type ServiceName } from './routes.js';

/** Repository root: this file lives in services/gateway/{src,dist}/. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface UpstreamService {
  name: ServiceName;
  /** Origin without trailing slash, e.g. http://127.0.0.1:3001 */
  url: string;
  prefixes: readonly string[];
}

export interface RemoteDir {
  name: string;
  dir: string;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface GatewayConfig {
  host: string;
  port: number;
  publicUrl: string;
  isHttps: boolean;
  logLevel: LogLevel;
  trustProxy: boolean | number | string[];
  services: UpstreamService[];
  upstreamTimeoutMs: number;
  /** The whole request (headers and body) must arrive within this, else 408 (Node's requestTimeout). */
  requestTimeoutMs: number;
  /** The request headers must arrive within this, else 408 (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** On SIGTERM in-flight requests get this long (longer than upstreamTimeoutMs), then the process ends. */
  shutdownGraceMs: number;
  upstreamConnections: number;
  healthTimeoutMs: number;
  bodyLimitBytes: number;
  shellDist: string;
  remoteDirs: RemoteDir[];
  /** Body of GET /config/remotes.json: remote name -> manifest URL. */
  remotes: Partial<Record<RemoteName, string>>;
  /** Origins of remotes hosted elsewhere; they are allowed in the CSP. */
  remoteOrigins: string[];
  rateLimits: { login: number; register: number; superadmin: number; publicToken: number };
  rateLimitWindowMs: number;
  redisUrl?: string;
  rateLimitNamespace: string;
}

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const serviceUrl = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: `${name} must be an http(s) URL, e.g. http://127.0.0.1:3001` })
      .refine((value) => {
        const url = new URL(value);
        return (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
      }, `${name} must hold scheme, host and port only (the /api path is forwarded unchanged)`)
      .transform((value) => new URL(value).origin)
      .optional(),
  );

const positiveInt = (name: string, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${name} must be a number` })
      .int(`${name} must be an integer`)
      .positive(`${name} must be greater than 0`)
      .default(fallback),
  );

/** A remote manifest URL: absolute http(s) or a path on this gateway (starting with /). */
const remoteUrl = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        if (value.startsWith('/') && !value.startsWith('//')) return true;
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `${name} must be a path (/remotes/…) or an http(s) URL`)
      .optional(),
  );

const envSchema = z.object({
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'PORT must be a number' })
      .int()
      .min(0)
      .max(65535, 'PORT must be between 0 and 65535')
      .default(8080),
  ),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL, e.g. https://app.zunft.ch' })
      .default('http://localhost:8080'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('false')),
  AUTH_SERVICE_URL: serviceUrl('AUTH_SERVICE_URL').default('http://127.0.0.1:3001'),
  OPERATIONS_SERVICE_URL: serviceUrl('OPERATIONS_SERVICE_URL'),
  BILLING_SERVICE_URL: serviceUrl('BILLING_SERVICE_URL'),
  // Longer than the billing service's wait for a PDF (LIMITS.pdfWaits), so its 503 reaches the user.
  UPSTREAM_TIMEOUT_MS: positiveInt('UPSTREAM_TIMEOUT_MS', LIMITS.pdfWaits.gatewayMs),
  // A slow client (slowloris, a stalled upload) holds a socket at most this long.
  REQUEST_TIMEOUT_MS: positiveInt('REQUEST_TIMEOUT_MS', 60_000),
  HEADERS_TIMEOUT_MS: positiveInt('HEADERS_TIMEOUT_MS', 10_000),
  SHUTDOWN_GRACE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  UPSTREAM_CONNECTIONS: positiveInt('UPSTREAM_CONNECTIONS', 128),
  HEALTH_TIMEOUT_MS: positiveInt('HEALTH_TIMEOUT_MS', 2_000),
  BODY_LIMIT_BYTES: positiveInt('BODY_LIMIT_BYTES', 1024 * 1024),
  SHELL_DIST: z.preprocess(emptyToUndefined, z.string().default('apps/shell/dist')),
  REMOTE_DIRS: z.preprocess(
    (value) => (value === undefined ? 'admin:apps/mf-admin/dist' : value),
    z
      .string()
      .regex(
        /^\s*$|^\s*[a-z][a-z0-9-]*:[^,]+(\s*,\s*[a-z][a-z0-9-]*:[^,]+)*\s*$/,
        'REMOTE_DIRS must look like name:path[,name:path], e.g. admin:apps/mf-admin/dist',
      ),
  ),
  REMOTE_ADMIN_URL: remoteUrl('REMOTE_ADMIN_URL').default('/remotes/admin/mf-manifest.json'),
  REMOTE_TIME_URL: remoteUrl('REMOTE_TIME_URL'),
  REMOTE_BILLING_URL: remoteUrl('REMOTE_BILLING_URL'),
  RATE_LIMIT_LOGIN_PER_MIN: positiveInt('RATE_LIMIT_LOGIN_PER_MIN', 10),
  RATE_LIMIT_REGISTER_PER_MIN: positiveInt('RATE_LIMIT_REGISTER_PER_MIN', 5),
  RATE_LIMIT_SUPERADMIN_PER_MIN: positiveInt('RATE_LIMIT_SUPERADMIN_PER_MIN', 5),
  RATE_LIMIT_PUBLIC_TOKEN_PER_MIN: positiveInt('RATE_LIMIT_PUBLIC_TOKEN_PER_MIN', 30),
  RATE_LIMIT_WINDOW_MS: positiveInt('RATE_LIMIT_WINDOW_MS', 60_000),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional(),
  ),
  RATE_LIMIT_NAMESPACE: z.preprocess(emptyToUndefined, z.string().default('zunft:gateway:rate-limit:')),
});

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration, the gateway cannot start:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(value: string): boolean | number | string[] {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function resolveDir(dir: string): string {
  return path.isAbsolute(dir) ? dir : path.resolve(REPO_ROOT, dir);
}

/** Validates the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const e = result.data;

  const services: UpstreamService[] = [];
  for (const route of SERVICE_ROUTES) {
    const url = e[route.env];
    if (url) services.push({ name: route.service, url, prefixes: route.prefixes });
  }

  const remoteDirs: RemoteDir[] = e.REMOTE_DIRS.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      return { name: entry.slice(0, colon), dir: resolveDir(entry.slice(colon + 1).trim()) };
    });
  const duplicates = remoteDirs.map((r) => r.name).filter((name, i, all) => all.indexOf(name) !== i);
  if (duplicates.length > 0)
    throw new ConfigError([`REMOTE_DIRS: remote listed more than once: ${duplicates.join(', ')}`]);

  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(['HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS']);
  }
  const shutdownGraceMs = e.SHUTDOWN_GRACE_MS ?? e.UPSTREAM_TIMEOUT_MS + 5_000;
  if (shutdownGraceMs <= e.UPSTREAM_TIMEOUT_MS) {
    throw new ConfigError(['SHUTDOWN_GRACE_MS must be longer than UPSTREAM_TIMEOUT_MS (requests in flight finish)']);
  }

  const remotes: Partial<Record<RemoteName, string>> = {};
  const remoteOrigins = new Set<string>();
  for (const [name, envName] of Object.entries(REMOTE_MANIFEST_ENV) as [RemoteName, keyof typeof e][]) {
    const url = e[envName];
    if (typeof url !== 'string') continue;
    remotes[name] = url;
    if (!url.startsWith('/')) remoteOrigins.add(new URL(url).origin);
  }

  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    isHttps: new URL(e.PUBLIC_URL).protocol === 'https:',
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    services,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    shutdownGraceMs,
    upstreamConnections: e.UPSTREAM_CONNECTIONS,
    healthTimeoutMs: e.HEALTH_TIMEOUT_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shellDist: resolveDir(e.SHELL_DIST),
    remoteDirs,
    remotes,
    remoteOrigins: [...remoteOrigins],
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN_PER_MIN,
      register: e.RATE_LIMIT_REGISTER_PER_MIN,
      superadmin: e.RATE_LIMIT_SUPERADMIN_PER_MIN,
      publicToken: e.RATE_LIMIT_PUBLIC_TOKEN_PER_MIN,
    },
    rateLimitWindowMs: e.RATE_LIMIT_WINDOW_MS,
    redisUrl: e.REDIS_URL,
    rateLimitNamespace: e.RATE_LIMIT_NAMESPACE,
  };
}
