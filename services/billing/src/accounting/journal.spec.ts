import { describe, expect, it } from '@jest/globals';
import { DEFAULT_ACCOUNTS } from '@zunft/contracts';
import type { EntryRow, InvoiceBasis } from './accounting.repository.js';
import { journalFile, parseBanana } from './journal-formats.js';
import { accountBalances, allocate, invoiceParts, journalLines } from './journal.js';

const settings = { accounts: DEFAULT_ACCOUNTS, vatCodes: { '8.1': 'V81', '2.6': 'V26' }, language: 'de' as const };

const entry = (over: Partial<EntryRow>): EntryRow => ({
  id: 'e1',
  invoice_id: 'i1',
  type: 'invoice',
  date: '2026-03-10',
  amount: '0',
  reference: null,
  payment_id: null,
  payment_method: null,
  payment_source: null,
  invoice_number: 'RE-2026-0001',
  customer_name: 'Rossi SA',
  currency: 'CHF',
  exported_at: null,
  same_period: false,
  ...over,
});

describe('allocate', () => {
  it('splits in proportion and sums exactly; the largest weight takes the rest', () => {
    // 59.88 over 712.50 / 26.70: 5772 / 216 (5988 × 2670 / 73920 = 216.29)
    expect(allocate(5988, [71250, 2670])).toEqual([5772, 216]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
    expect(allocate(0, [])).toEqual([]);
  });
});

describe('invoiceParts', () => {
  it('a final invoice with a deduction line: the stored VAT wins, the parts add up to the total before rounding', () => {
    // 2000.00 work at 8.1 % less a down payment of 1000.00 net whose VAT 81.00 was invoiced before
    const final: InvoiceBasis = {
      id: 'i2',
      invoice_number: 'RE-2026-0002',
      currency: 'CHF',
      vat_rate: '8.1',
      vat_amount: '81.00',
      items: [
        { type: 'labor', total_price: '2000.00', vat_rate: '8.1' },
        { type: 'other', total_price: '-1000.00', vat_rate: '8.1' },
      ],
    };
    expect(invoiceParts(final, DEFAULT_ACCOUNTS)).toEqual([
      { account: '3400', rate: 8.1, grossCents: 108100, vatCents: 8100 },
    ]);
  });
});

describe('journalLines', () => {
  it('EUR invoice, a card payment and a refund: balanced per currency, the debtor at the open amount', () => {
    const inv: InvoiceBasis = {
      id: 'i1',
      invoice_number: 'RE-2026-0001',
      currency: 'EUR',
      vat_rate: '8.1',
      vat_amount: '8.10',
      items: [{ type: 'material', total_price: '100.00', vat_rate: '8.1' }],
    };
    const entries = [
      entry({ id: 'a', amount: '108.10', currency: 'EUR', reference: 'RE-2026-0001' }),
      entry({ id: 'b', type: 'payment', amount: '-108.10', payment_id: 'p', payment_method: 'card', currency: 'EUR' }),
      entry({
        id: 'c',
        type: 'overpayment',
        amount: '-1.90',
        payment_id: 'p',
        payment_method: 'card',
        currency: 'EUR',
      }),
      entry({ id: 'd', type: 'refund', amount: '1.90', currency: 'EUR' }),
    ];
    const lines = journalLines(entries, { invoices: new Map([['i1', inv]]), creditNotes: [], history: [] }, settings);
    expect(lines.map((l) => [l.type, l.debit, l.credit, l.amount, l.vat_code, l.vat_amount, l.currency])).toEqual([
      ['invoice', '1100', '3200', 108.1, 'V81', 8.1, 'EUR'],
      ['payment', '1020', '1100', 108.1, '', 0, 'EUR'],
      ['overpayment', '1020', '1100', 1.9, '', 0, 'EUR'],
      ['refund', '1100', '1020', 1.9, '', 0, 'EUR'],
    ]);
    const balances = accountBalances(lines, '2200');
    expect(balances.map((b) => [b.account, b.currency, b.balance])).toEqual([
      ['1020', 'EUR', 108.1],
      ['1100', 'EUR', 0],
      ['2200', 'EUR', -8.1],
      ['3200', 'EUR', -100],
    ]);
  });

  it('files: CSV quotes a text with a semicolon, Banana drops tabs and parses back, bexio has Swiss dates', () => {
    const inv: InvoiceBasis = {
      id: 'i1',
      invoice_number: 'RE-2026-0001',
      currency: 'CHF',
      vat_rate: '2.6',
      vat_amount: '2.60',
      items: [{ type: 'labor', total_price: '100.00', vat_rate: '2.6' }],
    };
    const lines = journalLines(
      [entry({ amount: '102.60', customer_name: 'Meier; "Bau"\tAG' })],
      { invoices: new Map([['i1', inv]]), creditNotes: [], history: [] },
      settings,
    );
    const period = { from: '2026-03-01', to: '2026-03-31' };
    expect(journalFile('csv', lines, period).body.split('\r\n')[1]).toBe(
      '2026-03-10;RE-2026-0001;"Rechnung RE-2026-0001 Meier; ""Bau""\tAG";1100;3400;102.60;V26;2.6;2.60;credit;CHF;invoice;e1',
    );
    const banana = journalFile('banana', lines, period);
    expect(banana.filename).toBe('buchungen-2026-03-01-2026-03-31-banana.txt');
    expect(parseBanana(banana.body)).toEqual([
      {
        Date: '2026-03-10',
        Doc: 'RE-2026-0001',
        Description: 'Rechnung RE-2026-0001 Meier; "Bau" AG',
        AccountDebit: '1100',
        AccountCredit: '3400',
        Amount: '102.60',
        VatCode: 'V26',
      },
    ]);
    expect(journalFile('bexio', lines, period).body.split('\r\n')[1]).toBe(
      '10.03.2026;RE-2026-0001;1100;3400;102.60;CHF;V26;"Rechnung RE-2026-0001 Meier; ""Bau""\tAG"',
    );
    expect(journalFile('abacus', lines, period).body).toBe(journalFile('csv', lines, period).body);
  });
});
