import { describe, expect, it } from '@jest/globals';
import { aMaterial, aQuote } from '../../../test/quotes';
import {
  appendItems,
  importableMaterials,
  liveTotals,
  materialItem,
  newQuoteFormValues,
  toQuoteFormValues,
  toQuoteRequest,
  withItemType,
} from './quoteHelpers';

describe('quote helpers', () => {
  it('a new quote: valid 30 days, company VAT or 8.1, one empty material item', () => {
    const values = newQuoteFormValues('2026-01-15', undefined);
    expect(values.validUntil).toBe('2026-02-14');
    expect(values.vatRate).toBe(8.1);
    expect(values.items).toEqual([
      { type: 'material', title: '', description: null, quantity: 1, unit: 'Stk', unitPrice: 0, materialId: null },
    ]);
    expect(newQuoteFormValues('2026-01-15', 7.7).vatRate).toBe(7.7);
  });

  it('type change: labor/travel take h and the hourly rate (0 unset), material/other Stk and keep the price', () => {
    const item = {
      type: 'material' as const,
      title: 'Rohr',
      quantity: 2,
      unit: 'm',
      unitPrice: 4.35,
      materialId: 'm1',
    };
    expect(withItemType(item, 'labor', 95)).toMatchObject({ unit: 'h', unitPrice: 95, materialId: null });
    expect(withItemType(item, 'travel', null)).toMatchObject({ unit: 'h', unitPrice: 0 });
    expect(withItemType(item, 'other', 95)).toMatchObject({ unit: 'Stk', unitPrice: 4.35, materialId: null });
  });

  it('live totals use computeQuoteTotals; empty fields count as 0, an empty VAT as 8.1', () => {
    const totals = liveTotals({
      items: [
        { type: 'labor', quantity: 1.5, unitPrice: 95 },
        { type: 'material', quantity: null, unitPrice: 3 },
      ],
      discountPercent: null,
      travelAllowance: undefined,
      vatRate: null,
    });
    // 142.50 + VAT 11.54 = 154.04 → 154.05
    expect(totals).toMatchObject({ subtotal: 142.5, vat_amount: 11.54, total: 154.05, rounding: 0.01 });
    expect(totals.item_totals).toEqual([142.5, 0]);
  });

  it('maps form values to the request: trimmed texts, empty as null, item unit defaults', () => {
    const body = toQuoteRequest({
      customerId: 'c1',
      title: '  Bad  ',
      description: ' ',
      validUntil: '2026-04-01',
      discountPercent: null,
      travelAllowance: 20,
      vatRate: 8.1,
      notes: 'Hinweis',
      termsConditions: '',
      items: [{ type: 'labor', title: ' Montage ', quantity: 2, unit: '', unitPrice: 90 }],
    });
    expect(body).toEqual({
      customerId: 'c1',
      title: 'Bad',
      description: null,
      validUntil: '2026-04-01',
      discountPercent: 0,
      travelAllowance: 20,
      vatRate: 8.1,
      notes: 'Hinweis',
      termsConditions: null,
      items: [
        { type: 'labor', title: 'Montage', description: null, quantity: 2, unit: 'h', unitPrice: 90, materialId: null },
      ],
    });
    expect(toQuoteRequest(toQuoteFormValues(aQuote())).items).toEqual([
      { type: 'labor', title: 'Montage', description: null, quantity: 1, unit: 'h', unitPrice: 100, materialId: null },
    ]);
  });

  it('imports only active materials, searchable, and replaces the untouched empty row', () => {
    const list = [
      aMaterial({ id: 'a', name: 'Zement', category: 'Baumaterial' }),
      aMaterial({ id: 'b', name: 'Armatur', is_active: false }),
      aMaterial({ id: 'c', name: 'Kabel', category: 'Elektromaterial' }),
    ];
    expect(importableMaterials(list, '').map((m) => m.id)).toEqual(['c', 'a']);
    expect(importableMaterials(list, 'elek').map((m) => m.id)).toEqual(['c']);
    const blank = newQuoteFormValues('2026-01-01', 8.1).items;
    expect(appendItems(blank, [materialItem(list[0]!)])).toHaveLength(1);
    const filled = [{ ...blank![0]!, title: 'Arbeit' }];
    expect(appendItems(filled, [materialItem(list[0]!)])).toHaveLength(2);
    expect(materialItem(list[0]!)).toMatchObject({ type: 'material', unit: 'm', unitPrice: 4.35, materialId: 'a' });
  });
});
