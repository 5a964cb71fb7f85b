import { assertProductionSecrets, loadConfig } from '@zunft/nest-common';
import { z } from 'zod';
import { WORKER_DEFAULTS, type StartWorkerOptions } from './worker-options.js';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const workerEnvSchema = z.object({
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]+$/, 'letters, digits, -, _ and : only')
    .default(WORKER_DEFAULTS.prefix),
  CHROMIUM_PATH: z.string().min(1).default(WORKER_DEFAULTS.chromiumPath),
  PDF_POOL_SIZE: z.coerce.number().int().min(1).max(16).default(WORKER_DEFAULTS.pdfPoolSize),
  PDF_RECYCLE_AFTER: z.coerce.number().int().min(1).default(WORKER_DEFAULTS.pdfRecycleAfter),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default(WORKER_DEFAULTS.mailFrom),
  MAIL_OUTBOX_DIR: z.string().min(1).default(WORKER_DEFAULTS.mailOutboxDir),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/zunft_billing'),
  NATS_URL: z.string().min(1).default(WORKER_DEFAULTS.natsUrl),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
    .default(WORKER_DEFAULTS.natsStream),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
    .default(WORKER_DEFAULTS.publicUrl)
    .transform((s) => s.replace(/\/+$/, '')),
  AUTH_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
    .default(WORKER_DEFAULTS.authUrl)
    .transform((s) => s.replace(/\/+$/, '')),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  JOB_LOCK_MS: z.coerce.number().int().min(500).max(300_000).default(WORKER_DEFAULTS.jobLockMs),
});

export interface WorkerConfig extends StartWorkerOptions {
  logLevel: (typeof logLevels)[number];
}

/** The worker's environment, validated once at boot (every problem listed). */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  const parsed = loadConfig(workerEnvSchema, env);
  assertProductionSecrets('billing-worker', env, { redis: true });
  return {
    redisUrl: parsed.REDIS_URL,
    prefix: parsed.QUEUE_PREFIX,
    chromiumPath: parsed.CHROMIUM_PATH,
    pdfPoolSize: parsed.PDF_POOL_SIZE,
    pdfRecycleAfter: parsed.PDF_RECYCLE_AFTER,
    smtpUrl: parsed.SMTP_URL ?? null,
    mailFrom: parsed.MAIL_FROM,
    mailOutboxDir: parsed.MAIL_OUTBOX_DIR,
    databaseUrl: parsed.DATABASE_URL,
    natsUrl: parsed.NATS_URL,
    natsStream: parsed.NATS_STREAM,
    publicUrl: parsed.PUBLIC_URL,
    authUrl: parsed.AUTH_URL,
    logLevel: parsed.LOG_LEVEL,
    jobLockMs: parsed.JOB_LOCK_MS,
  };
}
