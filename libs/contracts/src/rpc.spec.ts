import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { firstIssueMessage } from './common.js';
import { reportDataRequestSchema } from './report-data.js';
import { RPC_SUBJECTS, rpcContracts, rpcReplySchema } from './rpc.js';
import { EVENTS_STREAM_SUBJECTS } from './events.js';
import { operationsUserDependenciesSchema } from './user-dependencies.js';

const ID = '6f1c2b8e-0a4d-4c3b-9e2f-1a2b3c4d5e6f';

function errorOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssueMessage(r.error);
}

describe('request/reply contracts', () => {
  it('keeps every subject in the rpc namespace, outside the event stream', () => {
    expect(RPC_SUBJECTS).toEqual(Object.keys(rpcContracts));
    for (const subject of RPC_SUBJECTS) {
      expect(subject).toMatch(/^rpc\.[a-z]+\.[a-z-]+$/);
      for (const pattern of EVENTS_STREAM_SUBJECTS) expect(subject.startsWith(pattern.replace('>', ''))).toBe(false);
    }
  });

  it('reply envelope: ok with data or a coded error, nothing else', () => {
    const schema = rpcReplySchema(operationsUserDependenciesSchema);
    const data = { time_entries: 1, expenses: 0, material_usage: 2 };
    expect(schema.parse({ ok: true, data })).toEqual({ ok: true, data });
    expect(schema.parse({ ok: false, error: { code: 'not_found', message: 'Nicht gefunden' } })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Nicht gefunden' },
    });
    expect(schema.safeParse({ ok: true, data: { ...data, expenses: -1 } }).success).toBe(false);
    expect(schema.safeParse({ ok: false }).success).toBe(false);
    expect(schema.safeParse({ data }).success).toBe(false);
  });

  it('report data request: dates JJJJ-MM-TT, real days, end not before start (same day allowed)', () => {
    const ok = { companyId: ID, projectId: ID, periodStart: '2026-03-01', periodEnd: '2026-03-01' };
    expect(errorOf(reportDataRequestSchema, ok)).toBeNull();
    expect(errorOf(reportDataRequestSchema, { ...ok, periodEnd: '2026-02-28' })).toBe(
      'Das Ende des Zeitraums darf nicht vor dessen Beginn liegen',
    );
    expect(errorOf(reportDataRequestSchema, { ...ok, periodStart: '2026-02-29' })).toBe(
      'Beginn des Zeitraums ist kein gültiges Datum',
    );
    expect(errorOf(reportDataRequestSchema, { ...ok, periodEnd: '01.03.2026' })).toBe(
      'Ende des Zeitraums muss ein Datum im Format JJJJ-MM-TT sein',
    );
    expect(errorOf(reportDataRequestSchema, { ...ok, periodStart: undefined })).toBe(
      'Beginn des Zeitraums ist erforderlich',
    );
    expect(errorOf(reportDataRequestSchema, { ...ok, companyId: 'x' })).toBe('Ungültige Firmen-ID');
  });
});
