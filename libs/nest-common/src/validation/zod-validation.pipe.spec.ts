import { describe, expect, it } from '@jest/globals';
import { NUL_BYTE_MESSAGE, loginRequestSchema, updateCompanySettingsRequestSchema } from '@zunft/contracts';
import { z } from 'zod';
import { DomainError } from '../errors/domain.error.js';
import { ZodValidationPipe } from './zod-validation.pipe.js';

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('ZodValidationPipe', () => {
  it('returns the parsed (transformed) value', () => {
    const pipe = new ZodValidationPipe(loginRequestSchema);
    expect(pipe.transform({ email: '  Demo@Zunft.CH ', password: 'x' })).toEqual({
      email: 'demo@zunft.ch',
      password: 'x',
      rememberMe: false,
    });
  });

  it('answers 400 with the first German message of the schema', () => {
    const error = errorOf(() =>
      new ZodValidationPipe(loginRequestSchema).transform({ email: 'kein-mail', password: 'x' }),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
  });

  it('refuses a NUL byte in any field of any payload (PostgreSQL cannot store it) with a German 400', () => {
    const pipe = new ZodValidationPipe(z.object({ note: z.string(), tags: z.array(z.string()) }).partial());
    for (const value of [{ note: 'a\u0000b' }, { tags: ['ok', '\u0000'] }, { ['x\u0000']: 1 }]) {
      const error = errorOf(() => pipe.transform(value));
      expect(error.status).toBe(400);
      expect(error.message).toBe(NUL_BYTE_MESSAGE);
    }
    expect(pipe.transform({ note: 'ohne' })).toEqual({ note: 'ohne' });
  });

  it('uses German default messages where a schema sets none', () => {
    const error = errorOf(() => new ZodValidationPipe(z.object({ flag: z.boolean() })).transform({ flag: 'ja' }));
    expect(error.message).toMatch(/Ungültige Eingabe/);
  });

  it('validates Swiss IBAN and VAT numbers with the contract messages', () => {
    const pipe = new ZodValidationPipe(updateCompanySettingsRequestSchema);
    expect(errorOf(() => pipe.transform({ company_iban: 'CH00 0000 0000 0000 0000 0' })).message).toMatch(
      /^Ungültige IBAN/,
    );
    expect(errorOf(() => pipe.transform({ vat_number: 'CHE-123.456.789 MWST' })).message).toMatch(
      /^Ungültige MWST-Nummer/,
    );
    expect(pipe.transform({ company_iban: 'ch93 0076 2011 6238 5295 7', unknown: 1 })).toEqual({
      company_iban: 'CH9300762011623852957',
    });
  });
});
