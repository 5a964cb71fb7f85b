import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseQrPayload, qrPayloadOf, QrPayloadError, serializeQrPayload } from './qr-payload.js';
import { parseSwicoS1, readSwicoS1, swicoS1 } from './swico-s1.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/qrbill');
const files = (dir: string) => readdirSync(path.join(FIXTURES, dir)).filter((f) => f.endsWith('.txt'));
const read = (dir: string, f: string) => readFileSync(path.join(FIXTURES, dir, f), 'utf8');
/** The fields of a payload: CR+LF or LF, a final line break is not a field. */
const fields = (raw: string) => raw.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');

describe('QR payload (SIX IG QR-bill 2.3) against the collected examples', () => {
  it('has every example of the collection', () => {
    expect(files('valid')).toHaveLength(40);
    expect(files('invalid')).toHaveLength(10);
  });

  it.each(files('valid'))('%s: read and written back field for field', (file) => {
    const raw = read('valid', file);
    const payload = parseQrPayload(raw);
    expect(fields(serializeQrPayload(payload))).toEqual(fields(raw));
  });

  it.each(files('invalid'))('%s: rejected', (file) => {
    expect(() => parseQrPayload(read('invalid', file))).toThrow(QrPayloadError);
  });

  it('SIX example 2: QR-IBAN, QRR, amount, Swico S1 and two alternative schemes as fields', () => {
    const p = parseQrPayload(read('valid', 'six-ig-example-02.txt'));
    expect(p).toMatchObject({
      account: 'CH4431999123000889012',
      creditor: { type: 'S', name: 'Max Muster & Söhne', line1: 'Musterstrasse', line2: '123', zip: '8000' },
      amount: '1949.75',
      currency: 'CHF',
      referenceType: 'QRR',
      reference: '210000000003139471430009017',
      message: 'Order from 15.10.2020',
    });
    expect(readSwicoS1(p.billInformation!)).toEqual({
      invoiceNumber: '1234',
      invoiceDate: '2020-10-21',
      uid: '102673386',
      vat: [{ rate: 7.7, net: NaN }],
      paymentTermsDays: 30,
    });
    expect(p.alternativeSchemes).toEqual(['Name AV1: UV;UltraPay005;12345', 'Name AV2: XY;XYService;54321']);
  });

  it.each([
    ['QRR with a normal IBAN', (l: string[]) => (l[3] = 'CH5800791123000889012'), 'reference_type'],
    ['SCOR with a QR-IBAN', (l: string[]) => ((l[27] = 'SCOR'), (l[28] = 'RF18539007547034')), 'reference_type'],
    ['wrong QRR check digit', (l: string[]) => (l[28] = '210000000003139471430009016'), 'reference'],
    ['amount above 999,999,999.99', (l: string[]) => (l[18] = '1000000000.00'), 'amount'],
    ['three decimals', (l: string[]) => (l[18] = '1.000'), 'amount'],
    ['currency USD', (l: string[]) => (l[19] = 'USD'), 'currency'],
    ['name of 71 characters', (l: string[]) => (l[5] = 'x'.repeat(71)), 'creditor.name'],
    ['an emoji in the message', (l: string[]) => (l[29] = 'Danke 😀'), 'message'],
    ['a tab in the name', (l: string[]) => (l[21] = 'Simon\tMuster'), 'debtor.name'],
    ['IBAN check digits wrong', (l: string[]) => (l[3] = 'CH4431999123000889013'), 'account'],
    ['ultimate creditor filled', (l: string[]) => (l[11] = 'S'), 'ultimate_creditor'],
    ['address type X', (l: string[]) => (l[20] = 'X'), 'debtor.type'],
  ])('rejects %s', (_name, change, field) => {
    const l = fields(read('valid', 'six-ig-example-02.txt'));
    change(l);
    let error: unknown;
    try {
      parseQrPayload(l.join('\n'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(QrPayloadError);
    expect((error as QrPayloadError).field).toBe(field);
  });

  it('our own bill: S addresses, QRR for a QR-IBAN, S1 after EPD; reads back unchanged', () => {
    const text = serializeQrPayload(
      qrPayloadOf({
        account: 'CH4431999123000889012',
        creditor: {
          name: 'Malerei Muster AG',
          street: 'Werkstrasse',
          building_number: '1',
          zip: '8000',
          city: 'Zürich',
          country: 'CH',
        },
        debtor: {
          name: 'Müller GmbH',
          street: 'Postfach 123',
          building_number: null,
          zip: '78462',
          city: 'Konstanz',
          country: 'DE',
        },
        amount: 1234.5,
        currency: 'EUR',
        reference: '210000000003139471430009017',
        message: 'Rechnung R-2026-0042',
        bill_information: '//S1/10/R-2026-0042/11/260310/30/123456789/32/8.1:1142.00/40/0:30',
      }),
    );
    const l = text.split('\n');
    expect(l).toHaveLength(32);
    expect(l.slice(20, 27)).toEqual(['S', 'Müller GmbH', 'Postfach 123', '', '78462', 'Konstanz', 'DE']);
    expect(l[18]).toBe('1234.50');
    expect(serializeQrPayload(parseQrPayload(text))).toBe(text);
  });
});

describe('Swico S1 bill information', () => {
  it('writes /10/ /11/ /30/ /32/ /40/ and reads them back', () => {
    const s1 = swicoS1({
      invoiceNumber: 'R-2026/0042',
      invoiceDate: '2026-03-10',
      uid: 'CHE-123.456.789 MWST',
      vat: [
        { rate: 8.1, net: 1000 },
        { rate: 2.6, net: 51.2 },
      ],
      paymentTermsDays: 30,
    });
    expect(s1).toBe('//S1/10/R-2026\\/0042/11/260310/30/123456789/32/8.1:1000;2.6:51.2/40/0:30');
    expect(readSwicoS1(s1)).toEqual({
      invoiceNumber: 'R-2026/0042',
      invoiceDate: '2026-03-10',
      uid: '123456789',
      vat: [
        { rate: 8.1, net: 1000 },
        { rate: 2.6, net: 51.2 },
      ],
      paymentTermsDays: 30,
    });
  });

  it('reads the S1 of the collected examples', () => {
    const info = fields(read('valid', 'schoero-additional-information.txt'))[31]!;
    expect(Object.fromEntries(parseSwicoS1(info))).toEqual({
      '10': '10201409',
      '11': '190512',
      '20': '1400.000-53',
      '30': '106017086',
      '31': '180508',
      '32': '7.7',
      '40': '2:10;0:30',
    });
  });

  it('leaves out what is missing', () => {
    expect(swicoS1({ invoiceNumber: 'R-1', uid: 'keine' })).toBe('//S1/10/R-1');
  });
});
