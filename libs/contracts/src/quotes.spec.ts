import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { NUL_BYTE_MESSAGE, firstIssueMessage } from './common.js';
import {
  QUOTE_ACCEPTANCE_MESSAGES,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  acceptQuoteRequestSchema,
  computeQuoteTotals,
  createQuoteTemplateRequestSchema,
  defaultQuoteItemUnit,
  defaultQuoteItemUnitPrice,
  defaultQuoteValidUntil,
  emptyQuoteItem,
  quoteRequestSchema,
  quoteTemplatePayloadSchema,
  quoteTotalsTooHigh,
} from './quotes.js';

const ID = '6f1c2b8e-0a4d-4c3b-9e2f-1a2b3c4d5e6f';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function errorOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssueMessage(r.error);
}

const item = (quantity: number, unitPrice: number) => ({ quantity, unitPrice });

describe('computeQuoteTotals', () => {
  it('no items: everything 0', () => {
    expect(computeQuoteTotals([], 0, 0, 8.1)).toEqual({
      item_totals: [],
      subtotal: 0,
      discount_amount: 0,
      net_amount: 0,
      vat_amount: 0,
      total_before_rounding: 0,
      rounding: 0,
      total: 0,
    });
  });

  it('the spec formula with discount 0, VAT 8.1 %', () => {
    const t = computeQuoteTotals([item(2, 50), item(1.5, 80)], 0, 0, 8.1);
    expect(t.item_totals).toEqual([100, 120]);
    expect(t.subtotal).toBe(220);
    expect(t.discount_amount).toBe(0);
    expect(t.net_amount).toBe(220);
    expect(t.vat_amount).toBe(17.82);
    expect(t.total_before_rounding).toBe(237.82);
    expect(t.total).toBe(237.8);
    expect(t.rounding).toBe(-0.02);
  });

  it('discount percent of the subtotal, travel allowance added after the discount', () => {
    const t = computeQuoteTotals([item(10, 10)], 10, 25, 8.1);
    expect(t.subtotal).toBe(100);
    expect(t.discount_amount).toBe(10);
    expect(t.net_amount).toBe(115);
    expect(t.vat_amount).toBe(9.32); // 9.315 → 9.32 (half away from zero)
    expect(t.total_before_rounding).toBe(124.32);
    expect(t.total).toBe(124.3);
  });

  it('discount 100 leaves only the travel allowance', () => {
    const t = computeQuoteTotals([item(3, 33.33)], 100, 40, 8.1);
    expect(t.subtotal).toBe(99.99);
    expect(t.discount_amount).toBe(99.99);
    expect(t.net_amount).toBe(40);
    expect(t.vat_amount).toBe(3.24);
    expect(t.total).toBe(43.25); // 43.24 → 43.25
    expect(t.rounding).toBe(0.01);
  });

  it.each([
    [8.1, 8.1, 108.1],
    [2.6, 2.6, 102.6],
    [3.8, 3.8, 103.8],
    [0, 0, 100],
  ])('VAT rate %p %%: VAT %p, total %p', (rate, vat, total) => {
    const t = computeQuoteTotals([item(1, 100)], 0, 0, rate);
    expect(t.vat_amount).toBe(vat);
    expect(t.total).toBe(total);
    expect(t.rounding).toBe(0);
  });

  it.each([
    [10.02, 10.0, -0.02],
    [10.03, 10.05, 0.02],
    [10.07, 10.05, -0.02],
    [10.08, 10.1, 0.02],
    [10.01, 10.0, -0.01],
    [10.04, 10.05, 0.01],
    [10.06, 10.05, -0.01],
    [10.09, 10.1, 0.01],
    [10.05, 10.05, 0],
    [19.98, 20.0, 0.02],
  ])('5-Rappen rounding: %p → %p (rounding %p)', (before, total, rounding) => {
    const t = computeQuoteTotals([item(1, before)], 0, 0, 0);
    expect(t.total_before_rounding).toBe(before);
    expect(t.total).toBe(total);
    expect(t.rounding).toBe(rounding);
  });

  it('is Rappen-exact where floating point is not (0.1 + 0.2, 1.15 × 3, large amounts)', () => {
    expect(computeQuoteTotals([item(1, 0.1), item(1, 0.2)], 0, 0, 0).subtotal).toBe(0.3);
    expect(computeQuoteTotals([item(3, 1.15)], 0, 0, 0).subtotal).toBe(3.45);
    expect(computeQuoteTotals([item(0.33, 0.15)], 0, 0, 0).item_totals).toEqual([0.05]); // 0.0495 → 0.05
    const big = computeQuoteTotals([item(999_999.99, 9_999.99)], 0, 0, 8.1);
    expect(big.subtotal).toBe(9_999_989_900); // 9'999'989'900.0001 → .00
    expect(big.vat_amount).toBe(809_999_181.9);
  });

  it('rounds each step to 0.01: discount 33.3 % of 10.00', () => {
    const t = computeQuoteTotals([item(1, 10)], 33.3, 0, 0);
    expect(t.discount_amount).toBe(3.33);
    expect(t.net_amount).toBe(6.67);
    expect(t.total).toBe(6.65);
    expect(t.rounding).toBe(-0.02);
  });
});

describe('quote item defaults', () => {
  it('labor and travel: h and the default hourly rate (0 if unset); material and other: Stk', () => {
    expect(defaultQuoteItemUnit('labor')).toBe('h');
    expect(defaultQuoteItemUnit('travel')).toBe('h');
    expect(defaultQuoteItemUnit('material')).toBe('Stk');
    expect(defaultQuoteItemUnit('other')).toBe('Stk');
    expect(defaultQuoteItemUnitPrice('labor', 95)).toBe(95);
    expect(defaultQuoteItemUnitPrice('travel', null)).toBe(0);
    expect(defaultQuoteItemUnitPrice('material', 95, 12.5)).toBe(12.5);
    expect(emptyQuoteItem()).toMatchObject({ type: 'material', unit: 'Stk', unitPrice: 0, quantity: 1 });
    expect(emptyQuoteItem('labor', 88)).toMatchObject({ unit: 'h', unitPrice: 88 });
  });

  it('valid until = today + 30 days', () => {
    expect(defaultQuoteValidUntil('2026-01-15')).toBe('2026-02-14');
    expect(defaultQuoteValidUntil('2026-12-10')).toBe('2027-01-09');
  });
});

describe('quote request', () => {
  const valid = {
    customerId: ID,
    title: 'Badsanierung',
    validUntil: '2026-08-31',
    items: [{ type: 'labor', title: 'Montage', quantity: '2.5', unit: 'h', unitPrice: '95' }],
  };

  it('applies the defaults: discount 0, travel 0, VAT 8.1, item type material', () => {
    const r = quoteRequestSchema.parse({ customerId: ID, title: ' T ', validUntil: '2026-08-31' });
    expect(r).toMatchObject({ title: 'T', discountPercent: 0, travelAllowance: 0, vatRate: 8.1, items: [] });
    const withItem = quoteRequestSchema.parse({
      ...valid,
      vatRate: '',
      items: [{ title: 'X', quantity: 1, unitPrice: 2 }],
    });
    expect(withItem.vatRate).toBe(8.1);
    expect(withItem.items[0]).toMatchObject({ type: 'material', quantity: 1, unitPrice: 2 });
    expect(quoteRequestSchema.parse(valid).items[0]).toMatchObject({ quantity: 2.5, unitPrice: 95 });
  });

  it('German messages for the required fields and ranges', () => {
    expect(errorOf(quoteRequestSchema, { ...valid, customerId: undefined })).toBe('Kunde ist erforderlich');
    expect(errorOf(quoteRequestSchema, { ...valid, title: '  ' })).toBe('Titel ist erforderlich');
    expect(errorOf(quoteRequestSchema, { ...valid, validUntil: '' })).toBe('Gültig bis ist erforderlich');
    expect(errorOf(quoteRequestSchema, { ...valid, validUntil: '2026-02-30' })).toBe(
      'Gültig bis ist kein gültiges Datum',
    );
    expect(errorOf(quoteRequestSchema, { ...valid, discountPercent: 101 })).toBe(
      'Rabatt muss zwischen 0 und 100 liegen',
    );
    expect(errorOf(quoteRequestSchema, { ...valid, travelAllowance: -1 })).toBe(
      'Reisepauschale darf nicht negativ sein',
    );
    expect(errorOf(quoteRequestSchema, { ...valid, items: [{ title: '', quantity: 1, unitPrice: 1 }] })).toBe(
      'Jede Position braucht einen Titel',
    );
    expect(errorOf(quoteRequestSchema, { ...valid, items: [{ title: 'A', unitPrice: 1 }] })).toBe(
      'Menge ist erforderlich',
    );
    expect(errorOf(quoteRequestSchema, { ...valid, items: [{ title: 'A', quantity: 0, unitPrice: 1 }] })).toBe(
      'Menge muss mindestens 0.01 sein',
    );
    expect(errorOf(quoteRequestSchema, { ...valid, items: [{ title: 'A', quantity: 1 }] })).toBe(
      'Einzelpreis ist erforderlich',
    );
    expect(errorOf(quoteRequestSchema, { ...valid, items: [{ title: 'A', quantity: 1, unitPrice: 1.234 }] })).toBe(
      'Einzelpreis: höchstens zwei Nachkommastellen',
    );
    expect(
      errorOf(quoteRequestSchema, { ...valid, items: [{ type: 'x', title: 'A', quantity: 1, unitPrice: 1 }] }),
    ).toMatch(/Ungültiger Positionstyp/);
  });
});

describe('quote amount limits (no accepted input overflows a stored column)', () => {
  const base = { customerId: ID, title: 'Grossauftrag', validUntil: '2026-08-31' };

  it('huge, infinite or wrongly typed numbers answer the German message of the field (the totals check does not throw)', () => {
    const huge = [{ title: 'A', quantity: 1e308, unitPrice: 1 }];
    expect(() => quoteRequestSchema.safeParse({ ...base, items: huge })).not.toThrow();
    expect(errorOf(quoteRequestSchema, { ...base, items: huge })).toMatch(/^Menge ist zu hoch/);
    expect(errorOf(quoteRequestSchema, { ...base, discountPercent: 1e308 })).toBe(
      'Rabatt muss zwischen 0 und 100 liegen',
    );
    expect(errorOf(quoteRequestSchema, { ...base, items: [{ title: 'A', quantity: 1, unitPrice: 1e308 }] })).toMatch(
      /^Einzelpreis ist zu hoch/,
    );
    expect(errorOf(quoteRequestSchema, { ...base, items: 'x' })).toBe('Positionen müssen eine Liste sein');
    expect(errorOf(quoteRequestSchema, { ...base, validUntil: '0000-01-01' })).toBe(
      'Gültig bis ist kein gültiges Datum',
    );
    expect(errorOf(quoteRequestSchema, { ...base, description: 'A\u0000' })).toBe(NUL_BYTE_MESSAGE);
  });
  const items = (n: number, quantity: number, unitPrice: number) =>
    Array.from({ length: n }, (_, i) => ({ title: `Position ${i + 1}`, quantity, unitPrice }));
  /** Largest value of a numeric(precision, 2) column. */
  const columnMax = (precision: number) => 10 ** (precision - 2) - 0.01;

  it('the per-item limits fit their columns, and one item total at the limits fits numeric(14,2)', () => {
    expect(QUOTE_LIMITS.maxTotal).toBe(columnMax(14));
    expect(QUOTE_LIMITS.maxUnitPrice).toBeLessThanOrEqual(columnMax(12)); // unit_price
    expect(QUOTE_LIMITS.maxTravelAllowance).toBeLessThanOrEqual(columnMax(12)); // travel_allowance
    expect(QUOTE_LIMITS.maxQuantity).toBeLessThanOrEqual(columnMax(10)); // quantity
    const one = computeQuoteTotals([item(QUOTE_LIMITS.maxQuantity, QUOTE_LIMITS.maxUnitPrice)], 0, 0, 0);
    expect(one.item_totals[0]).toBe(100_000_000_000);
    expect(one.item_totals[0]).toBeLessThanOrEqual(QUOTE_LIMITS.maxTotal);
  });

  it('unit price at most CHF 1 000 000, quantity at most 100 000, travel allowance at most CHF 1 000 000', () => {
    expect(quoteRequestSchema.safeParse({ ...base, items: items(1, 100_000, 1_000_000) }).success).toBe(true);
    expect(errorOf(quoteRequestSchema, { ...base, items: items(1, 1, 1_000_000.01) })).toBe(
      "Einzelpreis ist zu hoch (max. CHF 1'000'000)",
    );
    expect(errorOf(quoteRequestSchema, { ...base, items: items(1, 100_000.01, 1) })).toBe(
      "Menge ist zu hoch (max. 100'000)",
    );
    expect(errorOf(quoteRequestSchema, { ...base, travelAllowance: 1_000_000.01 })).toBe(
      "Reisepauschale ist zu hoch (max. CHF 1'000'000)",
    );
    // The case that overflowed numeric(14,2) before: 1 000 × CHF 1 000 000 000.
    expect(errorOf(quoteRequestSchema, { ...base, items: items(1, 1000, 1_000_000_000) })).toBe(
      "Einzelpreis ist zu hoch (max. CHF 1'000'000)",
    );
  });

  it('rejects a quote whose computed total does not fit numeric(14,2), with a German message', () => {
    const message = "Gesamtbetrag ist zu hoch (max. CHF 999'999'999'999.99)";
    expect(QUOTE_MESSAGES.totalTooHigh).toBe(message);
    // 9 items at the limits: 900 000 000 000 (+ 8.1 % VAT = 972 900 000 000) still fits.
    expect(quoteRequestSchema.safeParse({ ...base, items: items(9, 100_000, 1_000_000) }).success).toBe(true);
    // 10 items: the subtotal alone is 1 000 000 000 000.
    expect(errorOf(quoteRequestSchema, { ...base, vatRate: 0, items: items(10, 100_000, 1_000_000) })).toBe(message);
    // 9 items fit as subtotal, but 12 % VAT takes the total over the limit.
    expect(errorOf(quoteRequestSchema, { ...base, vatRate: 12, items: items(9, 100_000, 1_000_000) })).toBe(message);
    // The maximum number of items at the limits.
    expect(errorOf(quoteRequestSchema, { ...base, items: items(QUOTE_LIMITS.maxItems, 100_000, 1_000_000) })).toBe(
      message,
    );
    // Templates keep the same content rules.
    expect(errorOf(quoteTemplatePayloadSchema, { items: items(10, 100_000, 1_000_000) })).toBe(message);
    expect(quoteTemplatePayloadSchema.safeParse({ items: items(2, 100_000, 1_000_000) }).success).toBe(true);
  });

  it('quoteTotalsTooHigh checks every stored amount, up to the last Rappen', () => {
    expect(quoteTotalsTooHigh(computeQuoteTotals([item(1, 999_999_999_999.97)], 0, 0, 0))).toBe(false); // → .95
    // the subtotal fits, the 5-Rappen rounding takes the total up to 1 000 000 000 000.00
    expect(quoteTotalsTooHigh(computeQuoteTotals([item(1, 999_999_999_999.98)], 0, 0, 0))).toBe(true);
    expect(quoteTotalsTooHigh(computeQuoteTotals([item(1, 999_999_999_999.95)], 0, 0.05, 0))).toBe(true);
    // net fits, VAT makes the total too high
    expect(quoteTotalsTooHigh(computeQuoteTotals([item(1, 999_999_999_000)], 0, 0, 8.1))).toBe(true);
    // a 50 % discount brings the total into range, but the subtotal is stored too
    expect(quoteTotalsTooHigh(computeQuoteTotals([item(2, 999_999_999_999)], 50, 0, 0))).toBe(true);
  });
});

describe('quote templates', () => {
  it('needs either fromQuoteId or payload', () => {
    expect(createQuoteTemplateRequestSchema.safeParse({ name: 'Bad', fromQuoteId: ID }).success).toBe(true);
    expect(createQuoteTemplateRequestSchema.safeParse({ name: 'Bad', payload: { items: [] } }).success).toBe(true);
    expect(errorOf(createQuoteTemplateRequestSchema, { name: 'Bad' })).toMatch(/entweder/);
    expect(errorOf(createQuoteTemplateRequestSchema, { name: '', fromQuoteId: ID })).toBe(
      'Name der Vorlage ist erforderlich',
    );
  });
});

describe('quote acceptance', () => {
  const ok = { name: '  Anna Muster ', email: ' Anna@Example.CH ', signature: PNG, consent: true };

  it('trims name and e-mail', () => {
    expect(acceptQuoteRequestSchema.parse(ok)).toMatchObject({ name: 'Anna Muster', email: 'anna@example.ch' });
  });

  it("the spec's German messages", () => {
    expect(errorOf(acceptQuoteRequestSchema, { ...ok, name: '   ' })).toBe(QUOTE_ACCEPTANCE_MESSAGES.nameRequired);
    expect(errorOf(acceptQuoteRequestSchema, { ...ok, name: undefined })).toBe('Bitte geben Sie Ihren Namen ein.');
    expect(errorOf(acceptQuoteRequestSchema, { ...ok, email: '' })).toBe('Bitte geben Sie Ihre E-Mail-Adresse ein.');
    expect(errorOf(acceptQuoteRequestSchema, { ...ok, email: 'nope' })).toBe(QUOTE_ACCEPTANCE_MESSAGES.emailInvalid);
    expect(errorOf(acceptQuoteRequestSchema, { ...ok, signature: '' })).toBe('Bitte unterschreiben Sie im Feld oben.');
    expect(errorOf(acceptQuoteRequestSchema, { ...ok, signature: 'data:image/jpeg;base64,AAAA' })).toBe(
      QUOTE_ACCEPTANCE_MESSAGES.signatureInvalid,
    );
    const huge = 'data:image/png;base64,' + 'A'.repeat(700_000);
    expect(errorOf(acceptQuoteRequestSchema, { ...ok, signature: huge })).toBe(
      QUOTE_ACCEPTANCE_MESSAGES.signatureTooLarge,
    );
    expect(errorOf(acceptQuoteRequestSchema, { ...ok, consent: false })).toBe(
      'Bitte bestätigen Sie Ihr Einverständnis.',
    );
    expect(errorOf(acceptQuoteRequestSchema, { ...ok, consent: undefined })).toBe(
      'Bitte bestätigen Sie Ihr Einverständnis.',
    );
  });
});
