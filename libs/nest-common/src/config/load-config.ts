import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Thrown at boot when the environment does not fit the service's config schema. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/**
 * Validates the environment once at boot. Messages are English on purpose: they are read by the
 * operator in the boot log, not by the user. Every problem is listed, not only the first.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Env = process.env): z.output<S> {
  const result = schema.safeParse(env, { error: z.locales.en().localeError });
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = issue.path.length > 0 ? issue.path.join('.') : '(environment)';
    return `  - ${key}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration, the service cannot start:\n${lines.join('\n')}`);
}

/**
 * Reads a PEM key given either inline (`NAME`, with literal `\n` escapes allowed, as env files
 * and container secrets often carry it on one line) or as a file path (`NAME_FILE`).
 */
export function readPemFromEnv(env: Env, name: string, required = true): string | null {
  const inline = env[name]?.trim();
  const file = env[`${name}_FILE`]?.trim();
  let pem: string | null = null;
  if (inline) pem = inline.replace(/\\n/g, '\n');
  else if (file) {
    try {
      pem = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError(`Cannot read ${name}_FILE (${file}): ${(error as Error).message}`);
    }
  }
  if (!pem) {
    if (!required) return null;
    throw new ConfigError(`Invalid configuration: set ${name} (PEM text) or ${name}_FILE (path to a PEM file).`);
  }
  if (!/-----BEGIN [A-Z ]+-----/.test(pem)) {
    throw new ConfigError(`Invalid configuration: ${name} is not a PEM key (missing "-----BEGIN ...-----").`);
  }
  return pem.endsWith('\n') ? pem : `${pem}\n`;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment every Nest service shares; a service extends it with its own keys. */
export const baseServiceEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
    .default('ZUNFT_EVENTS'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
});
export type LogLevel = (typeof logLevels)[number];
