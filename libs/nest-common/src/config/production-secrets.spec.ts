import { describe, expect, it } from '@jest/globals';
import { ConfigError } from './load-config.js';
import { assertProductionSecrets, missingProductionSecrets } from './production-secrets.js';

const real = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://auth_app:s3cret@db:5432/zunft_auth',
  NATS_URL: 'nats://auth:n4ts@nats:4222',
  REDIS_URL: 'redis://billing:r3dis@redis:6379',
  STRIPE_SECRET_KEY: 'sk_live_51abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_9xyz',
};

describe('production secrets', () => {
  it('asks for nothing outside production (development keeps its stand-ins)', () => {
    expect(missingProductionSecrets({}, { redis: true, stripe: true })).toEqual([]);
    expect(missingProductionSecrets({ NODE_ENV: 'development' }, { stripe: true })).toEqual([]);
  });

  it('accepts a complete production environment', () => {
    expect(missingProductionSecrets(real, { redis: true, stripe: true })).toEqual([]);
    // NATS credentials may also come as separate variables.
    const separate = { ...real, NATS_URL: 'nats://nats:4222', NATS_USER: 'auth', NATS_PASSWORD: 'x' };
    expect(missingProductionSecrets(separate)).toEqual([]);
  });

  it('names every missing secret at once', () => {
    const problems = missingProductionSecrets({ NODE_ENV: 'production' }, { redis: true, stripe: true });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'DATABASE_URL',
      'NATS_URL',
      'NATS credentials',
      'REDIS_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });

  it('refuses the public stand-in values, passwordless URLs and the stand-in API', () => {
    const problems = missingProductionSecrets(
      {
        ...real,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/zunft_auth',
        NATS_URL: 'nats://nats:4222',
        REDIS_URL: 'redis://redis:6379',
        STRIPE_SECRET_KEY: 'sk_test_zunft_standin',
        STRIPE_WEBHOOK_SECRET: 'whsec_zunft_standin',
        STRIPE_PUBLISHABLE_KEY: 'sk_live_wrong_kind',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      },
      { redis: true, stripe: true },
    );
    expect(problems).toEqual([
      'DATABASE_URL: carries no password (postgres://user:password@host/db)',
      expect.stringMatching(/^NATS credentials: none/),
      'REDIS_URL: carries no password (redis://user:password@host:6379)',
      'STRIPE_SECRET_KEY: is the public stand-in value (a Stripe secret key)',
      'STRIPE_PUBLISHABLE_KEY: does not look like a Stripe publishable key (pk_live_ or pk_test_…)',
      "STRIPE_WEBHOOK_SECRET: is the public stand-in value (the webhook endpoint's signing secret)",
      'STRIPE_API_BASE: must not be set (only the local stand-in uses it)',
    ]);
  });

  it('throws one ConfigError naming the service and each problem', () => {
    let error: unknown;
    try {
      assertProductionSecrets('billing', { ...real, REDIS_URL: undefined }, { redis: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/NODE_ENV=production: billing will not start/);
    expect((error as Error).message).toMatch(/ {2}- REDIS_URL: not set/);
    expect(() => assertProductionSecrets('billing', real, { redis: true })).not.toThrow();
  });
});
