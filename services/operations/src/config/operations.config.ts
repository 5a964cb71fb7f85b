import {
  assertProductionSecrets,
  baseServiceEnvSchema,
  loadConfig,
  readPemFromEnv,
  type LogLevel,
} from '@zunft/nest-common';
import { z } from 'zod';

const operationsEnvSchema = baseServiceEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/zunft_operations'),
});

export interface OperationsConfig {
  port: number;
  databaseUrl: string;
  natsUrl: string;
  natsStream: string;
  logLevel: LogLevel;
  /** The auth service's public key; this service verifies tokens, it never signs any. */
  jwtPublicKey: string;
}

/** Validates the environment once at boot (every problem listed). */
export function loadOperationsConfig(env: Record<string, string | undefined> = process.env): OperationsConfig {
  const parsed = loadConfig(operationsEnvSchema, env);
  assertProductionSecrets('operations', env);
  return {
    port: parsed.PORT,
    databaseUrl: parsed.DATABASE_URL,
    natsUrl: parsed.NATS_URL,
    natsStream: parsed.NATS_STREAM,
    logLevel: parsed.LOG_LEVEL,
    jwtPublicKey: readPemFromEnv(env, 'JWT_PUBLIC_KEY') as string,
  };
}
