import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { accessLogMiddleware, pathForLog } from './request-id.middleware.js';

describe('access log keeps public link tokens out of the log', () => {
  it('redacts the token of quote-acceptance and signature links, keeps other paths', () => {
    expect(pathForLog('/api/quote-acceptance/AbC_123-xyz/accept?x=1')).toBe('/api/quote-acceptance/:token/accept');
    expect(pathForLog('/api/quote-acceptance/AbC_123-xyz')).toBe('/api/quote-acceptance/:token');
    expect(pathForLog('/api/signature/tok123')).toBe('/api/signature/:token');
    expect(pathForLog('/api/quotes/5f0c/pdf?download=1')).toBe('/api/quotes/5f0c/pdf');
  });

  it('logs the redacted path', () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = { info: (entry: Record<string, unknown>) => lines.push(entry), error: () => undefined };
    const res = Object.assign(new EventEmitter(), { statusCode: 200 });
    const req = { method: 'POST', originalUrl: '/api/quote-acceptance/secret-token-value/accept' };
    accessLogMiddleware(logger as never)(req as never, res as never, () => undefined);
    res.emit('finish');
    expect(lines).toEqual([expect.objectContaining({ path: '/api/quote-acceptance/:token/accept', status: 200 })]);
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });
});
