import type { CatalogueArticle } from './catalogue-article.js';

const round = (n: number, places: number) => {
  const f = 10 ** places;
  return Math.round((n + Number.EPSILON) * f) / f;
};

/**
 * Purchase price of one unit: the net price when the supplier gives one, else the list price less
 * the article's discount group; both are per price unit (1, 10, 100, 1000). Four decimals, since a
 * screw at 12.34 per 100 costs 0.1234.
 */
export function purchasePricePerUnit(a: CatalogueArticle, discounts: Map<string, number>): number {
  const perPriceUnit =
    a.netPrice !== null
      ? a.netPrice
      : a.listPrice! * (1 - (a.discountGroup ? (discounts.get(a.discountGroup) ?? 0) : 0) / 100);
  return round(perPriceUnit / a.priceUnit, 4);
}

/** The company's markup for a product group: the group's own, else the default ('*'), else 0. */
export function markupFor(productGroup: string | null, markups: Map<string, number>): number {
  return (productGroup !== null ? markups.get(productGroup) : undefined) ?? markups.get('*') ?? 0;
}

/** Selling price per unit (quotes, invoices, usage): purchase price plus the markup, to the centime. */
export function sellingPrice(purchasePerUnit: number, markupPercent: number): number {
  return round(purchasePerUnit * (1 + markupPercent / 100), 2);
}
