import { describe, expect, it } from '@jest/globals';
import { formatIban, isQrIban, isSwissIban, isSwissVatNumber } from './validators.js';
import { updateCompanySettingsRequestSchema } from './company.js';

describe('Swiss validators', () => {
  it('accepts a valid Swiss IBAN with or without spaces', () => {
    expect(isSwissIban('CH93 0076 2011 6238 5295 7')).toBe(true);
    expect(isSwissIban('ch9300762011623852957')).toBe(true);
  });
  it('rejects a wrong check digit, a foreign IBAN and garbage', () => {
    expect(isSwissIban('CH94 0076 2011 6238 5295 7')).toBe(false);
    expect(isSwissIban('DE89 3704 0044 0532 0130 00')).toBe(false);
    expect(isSwissIban('hello')).toBe(false);
  });
  it('recognises a QR-IBAN by its institution id 30000–31999', () => {
    expect(isQrIban('CH44 3199 9123 0008 8901 2')).toBe(true);
    expect(isQrIban('CH93 0076 2011 6238 5295 7')).toBe(false);
  });
  it('formats an IBAN in groups of four', () => {
    expect(formatIban('CH9300762011623852957')).toBe('CH93 0076 2011 6238 5295 7');
  });
  it('checks the UID check digit of a VAT number in all three languages', () => {
    expect(isSwissVatNumber('CHE-116.281.710 MWST')).toBe(true);
    expect(isSwissVatNumber('CHE-116.281.710 TVA')).toBe(true);
    expect(isSwissVatNumber('CHE-116.281.710 IVA')).toBe(true);
    expect(isSwissVatNumber('CHE-116.281.711 MWST')).toBe(false);
    expect(isSwissVatNumber('CHE-116281710 MWST')).toBe(false);
    expect(isSwissVatNumber('CHE-116.281.710')).toBe(false);
  });
  it('settings schema gives German messages and normalises the IBAN', () => {
    const ok = updateCompanySettingsRequestSchema.safeParse({
      company_iban: 'ch93 0076 2011 6238 5295 7',
      vat_rate: 8.1,
    });
    expect(ok.success && ok.data.company_iban).toBe('CH9300762011623852957');
    const bad = updateCompanySettingsRequestSchema.safeParse({ saturday_surcharge: 120 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Samstagszuschlag muss zwischen 0 und 100 liegen');
  });
});
