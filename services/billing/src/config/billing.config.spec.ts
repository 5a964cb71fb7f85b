import { describe, expect, it } from '@jest/globals';
import { LIMITS } from '@zunft/contracts';
import { ConfigError } from '@zunft/nest-common';
import { loadBillingConfig } from './billing.config.js';

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
