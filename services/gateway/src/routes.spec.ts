import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { pathForLog } from './app.js';
import { requestIdFor } from './request-id.js';
import {
  BODY_LIMIT_RULES,
  canonicalPath,
  createBodyLimitResolver,
  isApiPath,
  matchRateLimitRule,
  SERVICE_ROUTES,
} from './routes.js';
import { CACHE_IMMUTABLE, cacheControlFor } from './static.js';

const MiB = 1024 * 1024;

describe('route table', () => {
  it('gives every /api prefix exactly one owner', () => {
    const prefixes = SERVICE_ROUTES.flatMap((route) => route.prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^\/api\/[a-z-]+$/);
  });

  it('sends the working-time routes (issue 24) to operations', () => {
    const operations = SERVICE_ROUTES.find((route) => route.service === 'operations')!.prefixes;
    for (const prefix of [
      '/api/absences',
      '/api/holidays',
      '/api/time-accounts',
      '/api/time-records',
      '/api/notifications',
    ])
      expect(operations).toContain(prefix);
  });
});

describe('canonicalPath', () => {
  it.each([
    ['/api/auth/login', '/api/auth/login'],
    ['/api/auth/login/', '/api/auth/login'],
    ['/API/Auth//Login?x=1', '/api/auth/login'],
    ['/api/auth/%6Cogin', '/api/auth/login'],
    ['/api/auth/%E0%A4%A', '/api/auth/%e0%a4%a'],
    ['/', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(canonicalPath(input)).toBe(expected);
  });

  it('recognises /api paths only on a segment boundary', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/users')).toBe(true);
    expect(isApiPath('/apix')).toBe(false);
    expect(isApiPath('/app/api')).toBe(false);
  });
});

describe('rate-limit rules', () => {
  it.each([
    ['POST', '/api/auth/login', 'login'],
    ['POST', '/API/auth/login/', 'login'],
    ['POST', '/api/auth/register', 'register'],
    ['POST', '/api/auth/superadmin-login', 'superadmin'],
    ['GET', '/api/signature/abc', 'publicToken'],
    ['POST', '/api/signature/abc/sign', 'publicToken'],
    ['GET', '/api/quote-acceptance/xyz', 'publicToken'],
    ['POST', '/api/auth/invitations/accept', 'login'],
    ['GET', '/api/auth/invitations/tok123', 'publicToken'],
  ])('%s %s is limited as %s', (method, url, name) => {
    expect(matchRateLimitRule(method, url)?.name).toBe(name);
  });

  it.each([
    ['GET', '/api/auth/login'],
    ['POST', '/api/auth/refresh'],
    ['POST', '/api/auth/login-help'],
    ['GET', '/api/signatures'],
    ['GET', '/signature/abc'],
  ])('%s %s is not limited', (method, url) => {
    expect(matchRateLimitRule(method, url)).toBeUndefined();
  });
});

describe('body limits', () => {
  const limitFor = createBodyLimitResolver(BODY_LIMIT_RULES, MiB);

  it.each([
    ['/api/users', MiB],
    ['/api/companies/settings', MiB],
    ['/api/companies/logo', 6 * MiB],
    ['/api/companies/logo?x=1', 6 * MiB],
    ['/api/companies/logo2', MiB],
    ['/api/expenses', 11 * MiB],
    ['/api/expenses/42', 11 * MiB],
    ['/api/reports/7/images', 16 * MiB],
    ['/api/reports/7/signature', 2 * MiB],
    ['/api/reports/7', MiB],
    ['/api/reports', MiB],
    ['/api/quote-acceptance/tok/accept', 2 * MiB],
    ['/api/quote-acceptance/tok', MiB],
    ['/api/signature/tok', 2 * MiB],
    ['/api/materials/import', 51 * MiB],
    ['/api/materials', MiB],
  ])('%s allows %d bytes', (url, bytes) => {
    expect(limitFor(url)).toBe(bytes);
  });

  it('never lowers the default below the configured value', () => {
    expect(createBodyLimitResolver(BODY_LIMIT_RULES, 20 * MiB)('/api/companies/logo')).toBe(20 * MiB);
  });
});

describe('static cache policy', () => {
  it.each([
    ['/dist/index.html', 'no-cache'],
    ['/dist/index.html.br', 'no-cache'],
    ['/dist/mf-manifest.json', 'no-cache'],
    ['/dist/remoteEntry.js', 'no-cache'],
    ['/dist/favicon.ico', 'no-cache'],
    ['/dist/static/js/main.1a2b3c4d.js', CACHE_IMMUTABLE],
    ['/dist/static/js/main.1a2b3c4d.js.gz', CACHE_IMMUTABLE],
    ['/dist/static/js/async/812.abcdef1234567890.js', CACHE_IMMUTABLE],
    ['/dist/static/css/app-0badc0de.css', CACHE_IMMUTABLE],
    ['/dist/static/js/main.js', 'no-cache'],
  ])('%s -> %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('request id and log paths', () => {
  const req = (id?: string) =>
    ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as unknown as IncomingMessage;

  it('keeps sane ids and replaces others by a UUID', () => {
    expect(requestIdFor(req('abc_DEF-123'))).toBe('abc_DEF-123');
    expect(requestIdFor(req('a'.repeat(128)))).toBe('a'.repeat(128));
    for (const bad of [undefined, '', 'a'.repeat(129), 'a b', 'a\nb', '../etc']) {
      expect(requestIdFor(req(bad))).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('keeps public tokens and query strings out of logged paths', () => {
    expect(pathForLog('/api/signature/s3cr3t/sign?x=1')).toBe('/api/signature/:token/sign');
    expect(pathForLog('/quote-acceptance/s3cr3t')).toBe('/quote-acceptance/:token');
    expect(pathForLog('/api/auth/invitations/s3cr3t?x=1')).toBe('/api/auth/invitations/:token');
    expect(pathForLog('/api/auth/invitations/accept')).toBe('/api/auth/invitations/accept');
    expect(pathForLog('/app?superadminToken=abc')).toBe('/app');
    expect(pathForLog('/api/users/5')).toBe('/api/users/5');
  });
});
