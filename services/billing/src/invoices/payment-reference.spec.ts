import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import {
  formatReference,
  invoiceReferences,
  isQrIban,
  isValidQrr,
  isValidScor,
  makeQrr,
  makeScor,
  qrrCheckDigit,
  referenceFor,
  scorCheckDigits,
} from './payment-reference.js';

interface Vectors {
  references: Array<{ kind: string; value: string; expected_valid: boolean | null; independent_check: boolean }>;
  computations: Array<{ kind: string; input: string; output: string }>;
}

/** Third-party test vectors (SIX IG examples and the libraries' tests), see test/fixtures/qrbill/PROVENANCE.md. */
const FIXTURE = new URL('../../test/fixtures/qrbill/references.json', import.meta.url);
const vectors: Vectors = JSON.parse(readFileSync(FIXTURE, 'utf8'));
// The expected value: what the source asserts, or the independent re-check where it asserts only format.
const expected = (r: Vectors['references'][number]) => r.expected_valid ?? r.independent_check;

describe('QR reference (QRR, mod 10 recursive)', () => {
  const qrr = vectors.references.filter((r) => r.kind === 'QRR');
  it('has vectors', () => expect(qrr.length).toBeGreaterThan(10));
  it.each(qrr.map((r) => [r.value, expected(r)] as const))('%p valid: %p', (value, valid) => {
    expect(isValidQrr(value)).toBe(valid);
  });
  it.each(vectors.computations.filter((c) => c.kind === 'QRR-checkdigit').map((c) => [c.input, c.output] as const))(
    'check digit of %p is %p',
    (input, output) => expect(String(qrrCheckDigit(input.replace(/ /g, '')))).toBe(output),
  );
  it.each(vectors.computations.filter((c) => c.kind === 'QRR-create').map((c) => [c.input, c.output] as const))(
    'creates %p → %p',
    (input, output) => expect(makeQrr(input.trim())).toBe(output),
  );
  it('refuses letters and too long input', () => {
    expect(() => makeQrr('1134a56')).toThrow();
    expect(() => makeQrr('123456789012345678901234567')).toThrow();
  });
  it('formats in groups', () => {
    expect(formatReference('123456000000001291146290514')).toBe('12 34560 00000 00129 11462 90514');
  });
  it('the other ANY strings are neither QRR nor SCOR', () => {
    for (const r of vectors.references.filter((v) => v.kind === 'ANY')) {
      expect(isValidQrr(r.value) || isValidScor(r.value)).toBe(false);
    }
  });
});

describe('creditor reference (SCOR, ISO 11649)', () => {
  const scor = vectors.references.filter((r) => r.kind === 'SCOR');
  it('has vectors', () => expect(scor.length).toBeGreaterThan(10));
  it.each(scor.map((r) => [r.value, expected(r)] as const))('%p valid: %p', (value, valid) => {
    expect(isValidScor(value.trim())).toBe(valid);
  });
  it.each(vectors.computations.filter((c) => c.kind === 'SCOR-checkdigits').map((c) => [c.input, c.output] as const))(
    'check digits of %p are %p',
    (input, output) => expect(scorCheckDigits(input)).toBe(output),
  );
  it.each(vectors.computations.filter((c) => c.kind === 'SCOR-create').map((c) => [c.input, c.output] as const))(
    'creates %p → %p',
    (input, output) => expect(makeScor(input)).toBe(output),
  );
  it('refuses empty and invalid characters', () => {
    expect(() => makeScor('')).toThrow();
    expect(() => makeScor('ABC-DEF')).toThrow();
  });
  it('formats in groups of four', () => {
    expect(formatReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatReference('RF41BD93DJ3QGGD9JI22D')).toBe('RF41 BD93 DJ3Q GGD9 JI22 D');
  });
});

describe('invoice references', () => {
  it('QR-IBAN (IID 30000–31999) takes QRR, a normal IBAN SCOR', () => {
    expect(isQrIban('CH44 3199 9123 0008 8901 2')).toBe(true);
    expect(isQrIban('CH5800791123000889012')).toBe(false);
    expect(isQrIban('CH9300762011623852957')).toBe(false);
  });
  it('derives both valid references from the invoice number', () => {
    const refs = invoiceReferences('RE-2026-0042');
    expect(refs.qrr).toBe('000000000000000020260000420'.slice(0, 26) + refs.qrr[26]);
    expect(isValidQrr(refs.qrr)).toBe(true);
    expect(refs.scor).toMatch(/^RF\d{2}2026000042$/);
    expect(isValidScor(refs.scor)).toBe(true);
    expect(referenceFor('CH4431999123000889012', refs)).toBe(refs.qrr);
    expect(referenceFor('CH5800791123000889012', refs)).toBe(refs.scor);
    expect(invoiceReferences('RE-2026-0043').qrr).not.toBe(refs.qrr);
  });
});
