import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@zunft/nest-common';
import { generateKeyPairPem } from '../cli/generate-keys.js';
import { loadAuthConfig } from './auth.config.js';

const keys = generateKeyPairPem();
const env = (over: Record<string, string | undefined> = {}) => ({
  JWT_PRIVATE_KEY: keys.privateKey.replace(/\n/g, '\\n'),
  JWT_PUBLIC_KEY: keys.publicKey,
  ...over,
});

function bootError(values: Record<string, string | undefined>): string {
  try {
    loadAuthConfig(values);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadAuthConfig', () => {
  it('applies the documented defaults and accepts PEM keys with \\n escapes', () => {
    const config = loadAuthConfig(env());
    expect(config).toMatchObject({
      port: 3001,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/zunft_auth',
      natsStream: 'ZUNFT_EVENTS',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      appUrl: 'http://localhost:8080',
      logLevel: 'info',
    });
    expect(config.jwtPrivateKey).toContain('\n');
  });

  it('lists every invalid variable in English', () => {
    const message = bootError(env({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }));
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(message).toMatch(/LOG_LEVEL/);
  });

  it('refuses missing or mismatched keys', () => {
    expect(bootError(env({ JWT_PRIVATE_KEY: undefined }))).toMatch(/JWT_PRIVATE_KEY .*JWT_PRIVATE_KEY_FILE/);
    expect(bootError(env({ JWT_PUBLIC_KEY: generateKeyPairPem().publicKey }))).toMatch(/does not belong/);
    expect(bootError(env({ JWT_PUBLIC_KEY_FILE: '/nope.pem', JWT_PUBLIC_KEY: undefined }))).toMatch(
      /Cannot read JWT_PUBLIC_KEY_FILE/,
    );
  });
});

describe('loadAuthConfig in production (NODE_ENV=production)', () => {
  it('refuses to start on the development defaults and names every missing secret', () => {
    const message = bootError(env({ NODE_ENV: 'production' }));
    expect(message).toMatch(/auth will not start without its real secrets/);
    for (const name of [
      'DATABASE_URL',
      'NATS_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]) {
      expect(message).toContain(`- ${name}: not set`);
    }
    expect(message).toMatch(/NATS credentials: none/);
  });

  it("refuses the stand-in's public Stripe values (a forged webhook could be signed with them)", () => {
    const message = bootError(
      env({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://auth:pw@db/zunft_auth',
        NATS_URL: 'nats://auth:pw@nats:4222',
        STRIPE_SECRET_KEY: 'sk_test_zunft_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_zunft_standin',
        STRIPE_WEBHOOK_SECRET: 'whsec_zunft_standin',
      }),
    );
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET: is the public stand-in value/);
    expect(message).not.toMatch(/DATABASE_URL|NATS/);
  });

  it('starts with real secrets', () => {
    const config = loadAuthConfig(
      env({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://auth:pw@db/zunft_auth',
        NATS_URL: 'nats://auth:pw@nats:4222',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }),
    );
    expect(config.stripe?.webhookSecret).toBe('whsec_abc');
  });
});

describe('DEMO_LOGIN_ENABLED', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://auth:pw@db/zunft_auth',
    NATS_URL: 'nats://auth:pw@nats:4222',
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  };
  it('is on for development (npm start), off in production unless configured', () => {
    expect(loadAuthConfig(env()).demoLoginEnabled).toBe(true);
    expect(loadAuthConfig(env(production)).demoLoginEnabled).toBe(false);
    expect(loadAuthConfig(env({ ...production, DEMO_LOGIN_ENABLED: 'true' })).demoLoginEnabled).toBe(true);
    expect(loadAuthConfig(env({ DEMO_LOGIN_ENABLED: 'false' })).demoLoginEnabled).toBe(false);
    expect(bootError(env({ DEMO_LOGIN_ENABLED: 'yes' }))).toMatch(/DEMO_LOGIN_ENABLED/);
  });
});
