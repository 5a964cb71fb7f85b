import {
  ConfigError,
  assertProductionSecrets,
  baseServiceEnvSchema,
  loadConfig,
  readPemFromEnv,
  type LogLevel,
} from '@zunft/nest-common';
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { z } from 'zod';

const authEnvSchema = baseServiceEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/zunft_auth'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  APP_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  /** argon2id cost; the defaults follow the OWASP recommendation (19 MiB, 2 passes). */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(19_456),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  /** Stripe (see README): real test/live keys, or the local stand-in's keys with STRIPE_API_BASE. */
  STRIPE_SECRET_KEY: z.string().min(1).default('sk_test_zunft_standin'),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).default('whsec_zunft_standin'),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).default('pk_test_zunft_standin'),
  /** e.g. http://127.0.0.1:12111 for the stand-in; unset = api.stripe.com. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** The landing page's demo login; unset: on, except with NODE_ENV=production. */
  DEMO_LOGIN_ENABLED: z.enum(['true', 'false']).optional(),
});

export interface AuthConfig {
  port: number;
  databaseUrl: string;
  natsUrl: string;
  natsStream: string;
  logLevel: LogLevel;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  appUrl: string;
  jwtPrivateKey: string;
  jwtPublicKey: string;
  passwordHash: { memoryCost: number; timeCost: number };
  stripe?: StripeConfig;
  /** The landing page offers "Live-Demo ansehen" (GET /auth/demo). */
  demoLoginEnabled?: boolean;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Unset: api.stripe.com. */
  apiBase?: string;
}

/** Fails at boot (with every problem listed) when the environment is incomplete or the keys do not match. */
export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  const parsed = loadConfig(authEnvSchema, env);
  assertProductionSecrets('auth', env, { stripe: true });
  const jwtPrivateKey = readPemFromEnv(env, 'JWT_PRIVATE_KEY') as string;
  const jwtPublicKey = readPemFromEnv(env, 'JWT_PUBLIC_KEY') as string;
  assertKeyPair(jwtPrivateKey, jwtPublicKey);
  return {
    port: parsed.PORT,
    databaseUrl: parsed.DATABASE_URL,
    natsUrl: parsed.NATS_URL,
    natsStream: parsed.NATS_STREAM,
    logLevel: parsed.LOG_LEVEL,
    accessTokenTtlSeconds: parsed.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: parsed.REFRESH_TOKEN_TTL_DAYS,
    appUrl: parsed.APP_URL.replace(/\/+$/, ''),
    jwtPrivateKey,
    jwtPublicKey,
    passwordHash: { memoryCost: parsed.PASSWORD_HASH_MEMORY_KIB, timeCost: parsed.PASSWORD_HASH_TIME_COST },
    demoLoginEnabled: parsed.DEMO_LOGIN_ENABLED
      ? parsed.DEMO_LOGIN_ENABLED === 'true'
      : parsed.NODE_ENV !== 'production',
    stripe: {
      secretKey: parsed.STRIPE_SECRET_KEY,
      webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
      publishableKey: parsed.STRIPE_PUBLISHABLE_KEY,
      ...(parsed.STRIPE_API_BASE ? { apiBase: parsed.STRIPE_API_BASE.replace(/\/+$/, '') } : {}),
    },
  };
}

/** The private key must be an EC P-256 key (ES256) and belong to the public key other services get. */
function assertKeyPair(privatePem: string, publicPem: string): void {
  let ok = false;
  try {
    const privateKey = createPrivateKey(privatePem);
    const publicKey = createPublicKey(publicPem);
    if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new ConfigError('Invalid configuration: JWT_PRIVATE_KEY must be an EC P-256 key (ES256).');
    }
    const probe = Buffer.from('zunft-key-check');
    ok = verify('sha256', probe, publicKey, sign('sha256', probe, privateKey));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`Invalid configuration: cannot read the JWT keys (${(error as Error).message}).`);
  }
  if (!ok) throw new ConfigError('Invalid configuration: JWT_PUBLIC_KEY does not belong to JWT_PRIVATE_KEY.');
}
