import {
  assertProductionSecrets,
  baseServiceEnvSchema,
  loadConfig,
  readPemFromEnv,
  type LogLevel,
} from '@zunft/nest-common';
import { LIMITS } from '@zunft/contracts';
import { z } from 'zod';

const url = (what: string) => z.string().regex(/^https?:\/\/[^\s]+$/, `must be an http(s) URL (${what})`);

const billingEnvSchema = baseServiceEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3003),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/zunft_billing'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]+$/, 'letters, digits, -, _ and : only')
    .default('zunft'),
  /** Where customers open links from e-mails (the gateway). */
  PUBLIC_URL: url('PUBLIC_URL')
    .default('http://localhost:8080')
    .transform((s) => s.replace(/\/+$/, '')),
  /** The auth service, for fetching the company logo (public route). */
  AUTH_URL: url('AUTH_URL')
    .default('http://127.0.0.1:3001')
    .transform((s) => s.replace(/\/+$/, '')),
  /**
   * How long a PDF download, send or signature waits for the worker before answering 503; below the
   * gateway's wait (LIMITS.pdfWaits).
   */
  PDF_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(LIMITS.pdfWaits.serviceMaxMs)
    .default(LIMITS.pdfWaits.serviceMs),
});

export interface BillingConfig {
  port: number;
  databaseUrl: string;
  natsUrl: string;
  natsStream: string;
  logLevel: LogLevel;
  /** The auth service's public key; this service verifies tokens, it never signs any. */
  jwtPublicKey: string;
  redisUrl: string;
  queuePrefix: string;
  publicUrl: string;
  authUrl: string;
  pdfTimeoutMs: number;
}

/** Validates the environment once at boot (every problem listed). */
export function loadBillingConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  const parsed = loadConfig(billingEnvSchema, env);
  assertProductionSecrets('billing', env, { redis: true });
  return {
    port: parsed.PORT,
    databaseUrl: parsed.DATABASE_URL,
    natsUrl: parsed.NATS_URL,
    natsStream: parsed.NATS_STREAM,
    logLevel: parsed.LOG_LEVEL,
    jwtPublicKey: readPemFromEnv(env, 'JWT_PUBLIC_KEY') as string,
    redisUrl: parsed.REDIS_URL,
    queuePrefix: parsed.QUEUE_PREFIX,
    publicUrl: parsed.PUBLIC_URL,
    authUrl: parsed.AUTH_URL,
    pdfTimeoutMs: parsed.PDF_TIMEOUT_MS,
  };
}
