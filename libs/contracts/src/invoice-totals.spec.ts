import { describe, expect, it } from '@jest/globals';
import { computeInvoiceTotals } from './invoices.js';

describe('invoice totals by currency (issue 23)', () => {
  const items = [
    { quantity: 7.5, unitPrice: 95 }, // 712.50
    { quantity: 3, unitPrice: 8.9 }, // 26.70
  ];

  it('CHF: 739.20 + 8.1 % VAT 59.88 = 799.08, rounded to 5 Rappen: 799.10 with a rounding line of 0.02', () => {
    expect(computeInvoiceTotals(items, 8.1)).toEqual({
      item_totals: [712.5, 26.7],
      subtotal: 739.2,
      vat_amount: 59.88,
      total_before_rounding: 799.08,
      rounding: 0.02,
      total: 799.1,
    });
  });

  it('EUR: the same lines total 799.08 exactly, no rounding line', () => {
    expect(computeInvoiceTotals(items, 8.1, 'EUR')).toEqual({
      item_totals: [712.5, 26.7],
      subtotal: 739.2,
      vat_amount: 59.88,
      total_before_rounding: 799.08,
      rounding: 0,
      total: 799.08,
    });
  });
});
