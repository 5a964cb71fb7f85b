import { describe, expect, it } from '@jest/globals';
import {
  REPORT_STATUSES,
  canChangeReportStatus,
  generateReportRequestSchema,
  reportSignatureRequestSchema,
  sendReportToCustomerRequestSchema,
} from './reports.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('report status transitions', () => {
  it('allows draft → sent → signed (by signature only) → approved and sent → rejected; nothing else', () => {
    const allowed = REPORT_STATUSES.flatMap((from) =>
      REPORT_STATUSES.filter((to) => canChangeReportStatus(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(['draft→sent', 'rejected→draft', 'sent→draft', 'sent→rejected', 'signed→approved']);
  });
});

describe('generateReportRequestSchema', () => {
  const base = {
    projectId: '2f1d5a3e-8c1b-4c53-9a57-1d3c0f7b9e21',
    periodStart: '2026-03-02',
    periodEnd: '2026-03-08',
  };
  it('an empty title and notes mean none', () => {
    expect(generateReportRequestSchema.parse({ ...base, title: '  ', notes: '' })).toMatchObject({
      title: null,
      notes: null,
    });
  });
  it('one-day periods are fine; a year and a day is too long', () => {
    expect(generateReportRequestSchema.safeParse({ ...base, periodEnd: '2026-03-02' }).success).toBe(true);
    expect(
      generateReportRequestSchema.safeParse({ ...base, periodStart: '2025-03-01', periodEnd: '2026-03-01' }).success,
    ).toBe(true);
    expect(
      generateReportRequestSchema.safeParse({ ...base, periodStart: '2025-02-28', periodEnd: '2026-03-01' }).success,
    ).toBe(false);
  });
});

describe('reportSignatureRequestSchema', () => {
  it('trims name and e-mail, lower-cases the e-mail', () => {
    expect(
      reportSignatureRequestSchema.parse({
        signerName: '  Hans Huber ',
        signerEmail: ' Hans@Huber.CH ',
        signatureData: PNG,
      }),
    ).toEqual({ signerName: 'Hans Huber', signerEmail: 'hans@huber.ch', signatureData: PNG });
  });
  it.each([
    [{ signerEmail: 'a@b.ch', signatureData: PNG }, 'Bitte geben Sie Ihren Namen ein.'],
    [{ signerName: 'A', signerEmail: '', signatureData: PNG }, 'Bitte geben Sie Ihre E-Mail-Adresse ein.'],
    [{ signerName: 'A', signerEmail: 'a@b.ch', signatureData: '' }, 'Bitte unterschreiben Sie im Feld oben.'],
    [
      { signerName: 'A', signerEmail: 'a@b.ch', signatureData: 'data:image/gif;base64,R0lG' },
      'Die Unterschrift muss ein PNG-Bild sein.',
    ],
  ])('%j → %s', (body, message) => {
    const result = reportSignatureRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('sendReportToCustomerRequestSchema', () => {
  it('no body, an empty or a valid address', () => {
    expect(sendReportToCustomerRequestSchema.parse(undefined)).toEqual({});
    expect(sendReportToCustomerRequestSchema.parse({ email: '' })).toEqual({ email: null });
    expect(sendReportToCustomerRequestSchema.parse({ email: ' Bau@Firma.CH ' })).toEqual({ email: 'bau@firma.ch' });
    expect(sendReportToCustomerRequestSchema.safeParse({ email: 'kaputt' }).success).toBe(false);
  });
});
