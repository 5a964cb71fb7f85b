import { describe, expect, it } from '@jest/globals';
import { LIMITS } from '@zunft/contracts';
import { ConfigError } from '@zunft/nest-common';
import { loadBillingConfig } from './billing.config.js';
import { loadWorkerConfig } from '../worker/worker-config.js';

const KEY = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----';

describe('loadBillingConfig: the wait for a PDF', () => {
  it('waits 30 s for the worker by default, below the gateway', () => {
    const config = loadBillingConfig({ JWT_PUBLIC_KEY: KEY });
    expect(config.pdfTimeoutMs).toBe(LIMITS.pdfWaits.serviceMs);
    expect(config.pdfTimeoutMs).toBeLessThan(LIMITS.pdfWaits.gatewayMs);
  });

  it('refuses a wait the gateway would cut off (the user would see 504 for a mail that still goes out)', () => {
    expect(loadBillingConfig({ JWT_PUBLIC_KEY: KEY, PDF_TIMEOUT_MS: '40000' }).pdfTimeoutMs).toBe(40_000);
    expect(() => loadBillingConfig({ JWT_PUBLIC_KEY: KEY, PDF_TIMEOUT_MS: '60000' })).toThrow(ConfigError);
    expect(() => loadBillingConfig({ JWT_PUBLIC_KEY: KEY, PDF_TIMEOUT_MS: '60000' })).toThrow(/PDF_TIMEOUT_MS/);
  });
});

describe('loadBillingConfig and loadWorkerConfig in production', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_PUBLIC_KEY: KEY,
    DATABASE_URL: 'postgres://billing:pw@db/zunft_billing',
    NATS_URL: 'nats://billing:pw@nats:4222',
  };

  it('refuses Redis without a password, naming it (API and worker alike)', () => {
    expect(() => loadBillingConfig(production)).toThrow(/billing will not start[\s\S]*- REDIS_URL: not set/);
    expect(() => loadWorkerConfig(production)).toThrow(/billing-worker will not start[\s\S]*- REDIS_URL: not set/);
    expect(() => loadBillingConfig({ ...production, REDIS_URL: 'redis://redis:6379' })).toThrow(
      /REDIS_URL: carries no password/,
    );
  });

  it('starts with every secret given', () => {
    const env = { ...production, REDIS_URL: 'redis://default:pw@redis:6379' };
    expect(loadBillingConfig(env).redisUrl).toBe('redis://default:pw@redis:6379');
    expect(loadWorkerConfig(env).redisUrl).toBe('redis://default:pw@redis:6379');
  });
});
