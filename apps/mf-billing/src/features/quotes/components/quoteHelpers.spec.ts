import { describe, expect, it } from '@jest/globals';
import { aMaterial, aQuote } from '../../../test/quotes';
import {
  appendItems,
  liveTotals,
  materialItem,
  materialItems,
  materialPickerRows,
  newQuoteFormValues,
  toQuoteFormValues,
  toQuoteRequest,
  toggleMaterial,
  withItemType,
} from './quoteHelpers';
import { SEARCH_PAGE_SIZE, quotesApi } from '../api/quotes.api';
import { mockFetch } from '../../../test/fetch';

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

  it('the material search asks the server for one page of the trimmed term, never the whole catalogue', async () => {
    const empty = { items: [], total: 0, page: 1, pageSize: SEARCH_PAGE_SIZE, nextCursor: null };
    const calls = mockFetch({
      'GET /api/materials?search=Kupfer+rohr&page=1&pageSize=20': empty,
      'GET /api/materials?page=1&pageSize=20': empty,
      'GET /api/materials?cursor=c-1&search=kabel&page=1&pageSize=20': empty,
    });
    await quotesApi.materials('  Kupfer rohr ', null);
    await quotesApi.materials('', null);
    await quotesApi.materials('kabel', 'c-1');
    expect(SEARCH_PAGE_SIZE).toBe(20);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/materials?search=Kupfer+rohr&page=1&pageSize=20',
      '/api/materials?page=1&pageSize=20',
      '/api/materials?cursor=c-1&search=kabel&page=1&pageSize=20',
    ]);
  });

  it('the picker lists materials chosen under another term first, then the active matches, each once', () => {
    const zement = aMaterial({ id: 'a', name: 'Zement', category: 'Baumaterial' });
    const armatur = aMaterial({ id: 'b', name: 'Armatur', is_active: false });
    const kabel = aMaterial({ id: 'c', name: 'Kabel', category: 'Elektromaterial' });
    expect(materialPickerRows([kabel, armatur, zement], [])).toEqual({ chosenElsewhere: [], matches: [kabel, zement] });
    // Zement chosen before; the term now finds only Kabel: Zement stays, with its name.
    expect(materialPickerRows([kabel], [zement])).toEqual({ chosenElsewhere: [zement], matches: [kabel] });
    // Chosen and among the matches: listed once, where the server put it.
    expect(materialPickerRows([kabel, zement], [zement])).toEqual({ chosenElsewhere: [], matches: [kabel, zement] });

    let chosen = toggleMaterial([], zement, true);
    chosen = toggleMaterial(chosen, kabel, true);
    expect(chosen.map((m) => m.id)).toEqual(['a', 'c']);
    expect(toggleMaterial(chosen, zement, false).map((m) => m.id)).toEqual(['c']);
  });

  it('a material with a metal surcharge brings a «Kupferzuschlag» line of its own (issue 29)', () => {
    const title = (name: string) => `Kupferzuschlag ${name}`;
    const kabel = aMaterial({ id: 'k', name: 'NYM-J 3x1,5', unit: 'm', unit_price: 0.72, metal_surcharge: 0.45 });
    expect(materialItems(kabel, title)).toEqual([
      materialItem(kabel),
      {
        type: 'other',
        title: 'Kupferzuschlag NYM-J 3x1,5',
        description: null,
        quantity: 1,
        unit: 'm',
        unitPrice: 0.45,
        materialId: null,
      },
    ]);
    expect(materialItems(aMaterial({ metal_surcharge: null }), title)).toHaveLength(1);
  });

  it('a material becomes an item with its name, unit and price; the untouched empty row is replaced', () => {
    const zement = aMaterial({ id: 'a', name: 'Zement', category: 'Baumaterial' });
    const blank = newQuoteFormValues('2026-01-01', 8.1).items;
    expect(appendItems(blank, [materialItem(zement)])).toHaveLength(1);
    const filled = [{ ...blank![0]!, title: 'Arbeit' }];
    expect(appendItems(filled, [materialItem(zement)])).toHaveLength(2);
    expect(materialItem(zement)).toEqual({
      type: 'material',
      title: 'Zement',
      description: null,
      quantity: 1,
      unit: 'm',
      unitPrice: 4.35,
      materialId: 'a',
    });
  });
});
