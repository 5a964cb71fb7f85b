import { describe, expect, it } from '@jest/globals';
import {
  LIMITS,
  NUL_BYTE_MESSAGE,
  TIMEZONES,
  containsNulByte,
  ianaTimeZone,
  isRealIsoDate,
  isoDateSchema,
  searchTermSchema,
  textSchema,
} from './common.js';

describe('ianaTimeZone', () => {
  it('maps every offered time-zone setting to a zone Intl accepts', () => {
    for (const setting of TIMEZONES) {
      const zone = ianaTimeZone(setting);
      expect(() => new Intl.DateTimeFormat('de-CH', { timeZone: zone })).not.toThrow();
    }
    expect(ianaTimeZone('Europe/Geneva')).toBe('Europe/Zurich');
    expect(ianaTimeZone('Europe/Zurich')).toBe('Europe/Zurich');
    expect(ianaTimeZone(null)).toBe('Europe/Zurich');
  });
});

describe('NUL bytes and dates (no input reaches the database that it cannot store)', () => {
  it('finds a NUL byte anywhere in a payload, keys included', () => {
    expect(containsNulByte('a\u0000b')).toBe(true);
    expect(containsNulByte({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNulByte({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNulByte({ a: ['ok', 1, null, { b: 'fine' }] })).toBe(false);
  });

  it('refuses NUL in search terms and text fields with a German message', () => {
    const search = searchTermSchema.safeParse('Müller\u0000');
    expect(search.success).toBe(false);
    expect(search.error?.issues[0]?.message).toBe(NUL_BYTE_MESSAGE);
    expect(searchTermSchema.parse(' Müller ')).toBe('Müller');
    expect(textSchema().safeParse('\u0000').success).toBe(false);
  });

  it.each(['2026-02-30', '2026-04-31', '2025-02-29', '0000-01-01', '2026-13-01', '2026-00-10', '2026-1-01', ''])(
    'refuses the impossible date %p',
    (value) => {
      expect(isRealIsoDate(value)).toBe(false);
      expect(isoDateSchema('Startdatum').safeParse(value).success).toBe(false);
    },
  );

  it('accepts real days, leap days included, and names the field', () => {
    for (const d of ['2024-02-29', '2000-02-29', '2026-12-31', '2026-04-30']) expect(isRealIsoDate(d)).toBe(true);
    expect(isoDateSchema('Startdatum').safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      'Startdatum ist kein gültiges Datum',
    );
    expect(isoDateSchema().safeParse('30.02.2026').error?.issues[0]?.message).toBe(
      'Datum muss im Format JJJJ-MM-TT sein',
    );
  });
});

describe('LIMITS.pdfWaits', () => {
  it('lets every layer wait longer than the one behind it (no error shown for a call that succeeds)', () => {
    const w = LIMITS.pdfWaits;
    expect(w.renderMs).toBeLessThan(w.serviceMs);
    expect(w.serviceMs).toBeLessThanOrEqual(w.serviceMaxMs);
    // The gateway still has time for the answer after the longest allowed wait for the worker.
    expect(w.gatewayMs - w.serviceMaxMs).toBeGreaterThanOrEqual(5_000);
    expect(w.browserMs - w.gatewayMs).toBeGreaterThanOrEqual(5_000);
  });
});
