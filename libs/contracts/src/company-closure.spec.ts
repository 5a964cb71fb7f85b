import { describe, expect, it } from '@jest/globals';
import {
  BUSINESS_RECORD_RETENTION_YEARS,
  closeCompanyRequestSchema,
  lastExpiredYear,
  TIME_RECORD_RETENTION_YEARS,
} from './company-closure.js';

describe('lastExpiredYear (issue 26: kept N years after the end of the record’s year)', () => {
  it('business records, 10 years (OR 958f para. 1): 2015 may go from 2026-01-01, not on 2025-12-31', () => {
    expect(BUSINESS_RECORD_RETENTION_YEARS).toBe(10);
    expect(lastExpiredYear('2026-01-01', 10)).toBe(2015);
    expect(lastExpiredYear('2025-12-31', 10)).toBe(2014);
    expect(lastExpiredYear('2026-11-28', 10)).toBe(2015);
  });

  it('time records, 5 years (ArGV 1 art. 73 para. 2): work of 2020 may go from 2026-01-01', () => {
    expect(TIME_RECORD_RETENTION_YEARS).toBe(5);
    expect(lastExpiredYear('2026-01-01', 5)).toBe(2020);
    expect(lastExpiredYear('2025-12-31', 5)).toBe(2019);
  });
});

describe('closeCompanyRequestSchema', () => {
  it('trims the typed name and refuses an empty or missing one in German', () => {
    expect(closeCompanyRequestSchema.parse({ confirmName: '  Muster AG ' })).toEqual({ confirmName: 'Muster AG' });
    for (const body of [{}, { confirmName: '   ' }, { confirmName: 42 }]) {
      const result = closeCompanyRequestSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe('Firmenname ist erforderlich');
    }
    expect(closeCompanyRequestSchema.safeParse({ confirmName: 'x'.repeat(201) }).success).toBe(false);
  });
});
