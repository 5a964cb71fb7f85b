import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { CamtFileError, parseCamt054 } from './camt054.js';

/** Bank files (see test/fixtures/camt054/PROVENANCE.md). */
const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/camt054/${name}`, import.meta.url));

const refusal = (name: string): string | undefined => {
  try {
    parseCamt054(fixture(name));
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(CamtFileError);
    return (error as CamtFileError).code;
  }
};

describe('camt.054 reader', () => {
  it('PostFinance QR collective credit: .04 and .08 give the same two payments', () => {
    const v04 = parseCamt054(fixture('pf-qrr-batch2.v04.xml'));
    const v08 = parseCamt054(fixture('pf-qrr-batch2.v08.xml'));
    expect(v04.version).toBe('04');
    expect(v08.version).toBe('08');
    const strip = (f: typeof v04) =>
      f.credits.map(({ key, reference, referenceType, amountCents, bookingDate }) => ({
        key,
        reference,
        referenceType,
        amountCents,
        bookingDate,
      }));
    expect(strip(v04)).toEqual([
      {
        key: 'CH2909000000250094239|1000000000000000|2000000000000000',
        reference: '539115429773825311971477453',
        referenceType: 'QRR',
        amountCents: 77829,
        bookingDate: '2020-06-18',
      },
      {
        key: 'CH2909000000250094239|1000000000000000|3000000000000000',
        reference: '662437765447746478179744715',
        referenceType: 'QRR',
        amountCents: 91393,
        bookingDate: '2020-06-18',
      },
    ]);
    expect(strip(v08)).toEqual(strip(v04));
    expect(v04.credits[0]!.debtorName).toBe('Bernasconi Maria');
    expect(v08.credits[0]!.debtorName).toBe('Bernasconi Maria');
  });

  it('an untyped 27-digit reference is read as QRR', () => {
    const f = parseCamt054(fixture('dvbern-six-qrr-untyped.v04.xml'));
    expect(f.credits).toHaveLength(1);
    expect(f.credits[0]).toMatchObject({
      reference: '210000000003139471430009017',
      referenceType: 'QRR',
      amountCents: 394975,
    });
  });

  it('a reversal and a debit carrying a reference are reversals; a pending entry is never booked', () => {
    const f = parseCamt054(fixture('dvbern-reversal-pending-debit.v04.xml'));
    expect(f.credits).toEqual([]);
    expect(f.reversals.map((r) => [r.reference, r.amountCents])).toEqual([
      ['123456789012345678901234567', 11100],
      ['110000000000070100000112264', 300],
    ]);
    expect(f.skipped.map((s) => s.reason)).toEqual(['not_booked']);
  });

  it('a returned payment is never a credit', () => {
    const f = parseCamt054(fixture('zunft-return.v04.xml'));
    expect(f.credits).toEqual([]);
    expect(f.skipped).toEqual([
      expect.objectContaining({ reason: 'return', reference: '777000000000000000000000011', amountCents: 100000 }),
    ]);
  });

  it('a credit without reference is read (to be assigned by hand)', () => {
    const f = parseCamt054(fixture('pf-single-credit-no-ref.v04.xml'));
    expect(f.credits).toEqual([expect.objectContaining({ reference: null, referenceType: null, amountCents: 52210 })]);
  });

  it('own files: the same credits in .04 and .08, QRR and SCOR', () => {
    const v04 = parseCamt054(fixture('zunft-full-partial-unknown.v04.xml'));
    const v08 = parseCamt054(fixture('zunft-full-partial-unknown.v08.xml'));
    const short = (f: typeof v04) =>
      f.credits.map((c) => [c.reference, c.referenceType, c.amountCents, c.debtorName, c.bookingDate]);
    expect(short(v04)).toEqual([
      ['777000000000000000000000011', 'QRR', 100000, 'Huber Immobilien AG', '2026-03-10'],
      ['777000000000000000000000026', 'QRR', 30000, 'Meier GmbH', '2026-03-10'],
      ['777000000000000000000000034', 'QRR', 5000, 'Unbekannt AG', '2026-03-10'],
      ['RF18539007547034', 'SCOR', 19995, 'Pia Rutschmann', '2026-03-11'],
    ]);
    expect(short(v08)).toEqual(short(v04));
    expect(new Set(v04.credits.map((c) => c.key)).size).toBe(4);
  });

  it('reads a camt.053 statement with its account', () => {
    const f = parseCamt054(fixture('pf-statement-13entries-isr-charges.v04.xml'));
    expect(f).toMatchObject({ message: '053', version: '04', accounts: ['CH0309000000250090342'] });
    expect(f.credits.length + f.reversals.length + f.skipped.length).toBeGreaterThan(0);
    expect(f.credits.every((c) => c.account === 'CH0309000000250090342')).toBe(true);
  });

  it('the key is per account: the same bank references on another account are another payment', () => {
    const xml = fixture('pf-qrr-batch2.v04.xml').toString('utf8');
    const other = parseCamt054(xml.replaceAll('CH2909000000250094239', 'CH9300762011623852957'));
    const keys = new Set(parseCamt054(xml).credits.map((c) => c.key));
    expect(other.credits.some((c) => keys.has(c.key))).toBe(false);
  });

  it('refuses an empty document and malformed XML', () => {
    expect(refusal('dvbern-notification-missing.xml')).toBe('camt_wrong_type');
    expect(refusal('zunft-broken.xml')).toBe('camt_malformed');
    expect(() => parseCamt054('not xml at all')).toThrow(CamtFileError);
    expect(() => parseCamt054('')).toThrow(CamtFileError);
  });

  it('refuses an entry without amount', () => {
    const xml = fixture('zunft-return.v04.xml')
      .toString('utf8')
      .replaceAll('<Amt Ccy="CHF">1000.00</Amt>', '<Amt Ccy="CHF"></Amt>');
    expect(() => parseCamt054(xml)).toThrow(expect.objectContaining({ code: 'camt_incomplete' }));
  });
});
