import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for local development', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.isHttps).toBe(false);
    expect(config.services).toEqual([
      {
        name: 'auth',
        url: 'http://127.0.0.1:3001',
        prefixes: ['/api/auth', '/api/companies', '/api/users', '/api/subscriptions', '/api/audit-log'],
      },
    ]);
    expect(config.shellDist).toBe(path.join(REPO_ROOT, 'apps/shell/dist'));
    expect(config.remoteDirs).toEqual([{ name: 'admin', dir: path.join(REPO_ROOT, 'apps/mf-admin/dist') }]);
    expect(config.remotes).toEqual({ admin: '/remotes/admin/mf-manifest.json' });
    expect(config.remoteOrigins).toEqual([]);
    expect(config.rateLimits).toEqual({ login: 10, register: 5, superadmin: 5, publicToken: 30 });
    expect(config.bodyLimitBytes).toBe(1024 * 1024);
    // Longer than the billing service's wait for a PDF (LIMITS.pdfWaits): its 503 reaches the user.
    expect(config.upstreamTimeoutMs).toBe(45_000);
    expect(config).toMatchObject({ requestTimeoutMs: 60_000, headersTimeoutMs: 10_000, shutdownGraceMs: 50_000 });
    expect(config.redisUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('takes the request, header and shutdown times and keeps them consistent', () => {
    expect(
      loadConfig({ REQUEST_TIMEOUT_MS: '20000', HEADERS_TIMEOUT_MS: '5000', SHUTDOWN_GRACE_MS: '55000' }),
    ).toMatchObject({ requestTimeoutMs: 20_000, headersTimeoutMs: 5_000, shutdownGraceMs: 55_000 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '10000' })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('points REPO_ROOT at the repository', () => {
    expect(path.basename(path.join(REPO_ROOT, 'services', 'gateway'))).toBe('gateway');
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '../../..'));
  });

  it('routes operations and billing only when their URL is set, normalised to the origin', () => {
    const config = loadConfig({
      OPERATIONS_SERVICE_URL: 'http://operations:3002/',
      BILLING_SERVICE_URL: 'http://billing:3003',
    });
    expect(config.services.map((s) => [s.name, s.url])).toEqual([
      ['auth', 'http://127.0.0.1:3001'],
      ['operations', 'http://operations:3002'],
      ['billing', 'http://billing:3003'],
    ]);
    expect(loadConfig({ OPERATIONS_SERVICE_URL: '' }).services.map((s) => s.name)).toEqual(['auth']);
  });

  it('lists every problem at once, naming the variable', () => {
    const error = configError({
      PORT: 'achtzig',
      AUTH_SERVICE_URL: 'ftp://auth',
      BILLING_SERVICE_URL: 'http://billing:3003/api',
      RATE_LIMIT_LOGIN_PER_MIN: '0',
      REDIS_URL: 'http://redis',
      LOG_LEVEL: 'loud',
    });
    expect(error.message).toMatch(/^Invalid configuration, the gateway cannot start:/);
    expect(error.issues).toHaveLength(6);
    expect(error.message).toContain('PORT: PORT must be a number');
    expect(error.message).toContain('AUTH_SERVICE_URL: AUTH_SERVICE_URL must be an http(s) URL');
    expect(error.message).toContain('BILLING_SERVICE_URL must hold scheme, host and port only');
    expect(error.message).toContain('RATE_LIMIT_LOGIN_PER_MIN must be greater than 0');
    expect(error.message).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect(error.message).toContain('LOG_LEVEL must be');
  });

  it('parses REMOTE_DIRS relative to the repository and rejects bad entries', () => {
    const config = loadConfig({ REMOTE_DIRS: 'admin:apps/mf-admin/dist, time:/srv/mf-time' });
    expect(config.remoteDirs).toEqual([
      { name: 'admin', dir: path.join(REPO_ROOT, 'apps/mf-admin/dist') },
      { name: 'time', dir: '/srv/mf-time' },
    ]);
    expect(loadConfig({ REMOTE_DIRS: '' }).remoteDirs).toEqual([]);
    expect(configError({ REMOTE_DIRS: 'admin' }).message).toContain('REMOTE_DIRS must look like name:path');
    expect(configError({ REMOTE_DIRS: 'admin:a,admin:b' }).message).toContain('remote listed more than once: admin');
  });

  it('builds remotes.json from REMOTE_*_URL and collects foreign origins for the CSP', () => {
    const config = loadConfig({
      REMOTE_TIME_URL: 'https://cdn.zunft.ch/time/mf-manifest.json',
      REMOTE_BILLING_URL: '/remotes/billing/mf-manifest.json',
    });
    expect(config.remotes).toEqual({
      admin: '/remotes/admin/mf-manifest.json',
      time: 'https://cdn.zunft.ch/time/mf-manifest.json',
      billing: '/remotes/billing/mf-manifest.json',
    });
    expect(config.remoteOrigins).toEqual(['https://cdn.zunft.ch']);
    expect(configError({ REMOTE_TIME_URL: '//evil.example/x.json' }).message).toContain(
      'REMOTE_TIME_URL must be a path',
    );
    expect(configError({ REMOTE_TIME_URL: 'javascript:alert(1)' }).message).toContain('REMOTE_TIME_URL');
  });

  it('parses TRUST_PROXY as boolean, hop count or address list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('detects https from PUBLIC_URL and takes rate limits from the environment', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://app.zunft.ch',
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      REDIS_URL: 'redis://redis:6379',
    });
    expect(config.isHttps).toBe(true);
    expect(config.rateLimits.login).toBe(1000);
    expect(config.redisUrl).toBe('redis://redis:6379');
  });
});
