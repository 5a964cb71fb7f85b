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
      vat_breakdown: [{ rate: 8.1, net: 739.2, vat: 59.88 }],
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
      vat_breakdown: [{ rate: 8.1, net: 739.2, vat: 59.88 }],
      total_before_rounding: 799.08,
      rounding: 0,
      total: 799.08,
    });
  });

  describe('VAT per line rate (issue 22)', () => {
    const mixed = [
      { quantity: 10, unitPrice: 95 }, // 950.00 at the company rate 8.1 → 76.95
      { quantity: 4, unitPrice: 12.5, vatRate: 2.6 }, // 50.00 → 1.30
      { quantity: 1, unitPrice: 33.33, vatRate: 0 }, // 33.33 → 0
    ];

    it('CHF: VAT per rate to 0.01 (78.25), 1033.33 + 78.25 = 1111.58, rounded once to 1111.60', () => {
      expect(computeInvoiceTotals(mixed, 8.1)).toEqual({
        item_totals: [950, 50, 33.33],
        subtotal: 1033.33,
        vat_amount: 78.25,
        vat_breakdown: [
          { rate: 8.1, net: 950, vat: 76.95 },
          { rate: 2.6, net: 50, vat: 1.3 },
          { rate: 0, net: 33.33, vat: 0 },
        ],
        total_before_rounding: 1111.58,
        rounding: 0.02,
        total: 1111.6,
      });
    });

    it('EUR: the same lines 1111.58 exactly, no rounding line', () => {
      const t = computeInvoiceTotals(mixed, 8.1, 'EUR');
      expect([t.vat_amount, t.total, t.rounding]).toEqual([78.25, 1111.58, 0]);
    });

    it('two lines of one rate are added before the VAT is rounded: 2 × 0.10 at 8.1 % → VAT 0.02, not 2 × 0.01', () => {
      const t = computeInvoiceTotals(
        [
          { quantity: 1, unitPrice: 0.1, vatRate: 8.1 },
          { quantity: 1, unitPrice: 0.1, vatRate: 8.1 },
        ],
        0,
      );
      expect(t.vat_breakdown).toEqual([{ rate: 8.1, net: 0.2, vat: 0.02 }]);
    });
  });
});
