import { describe, expect, it } from '@jest/globals';
import { findMissingTranslationKeys, findPlaceholderMismatches } from '@zunft/contracts';
import { CREDIT_NOTE_TEXTS } from './credit-note/credit-note.texts.js';
import { INVOICE_TEXTS } from './invoice/invoice.texts.js';
import { LAYOUT_TEXTS } from './layout/layout-texts.js';
import { QUOTE_TEXTS } from './quote/quote.texts.js';
import { REPORT_TEXTS } from './report/report.texts.js';

// The document text catalogues (quote, Rapport, invoice, page layout): every key in de, fr and it
// alike, and the same `{placeholders}` in every language. `units` maps the German unit names of the
// articles to the customer's language (German shows them as they are, so only fr and it list them):
// French and Italian must translate the same units.
const CATALOGUES: Record<string, Record<string, object>> = {
  quote: QUOTE_TEXTS,
  report: REPORT_TEXTS,
  invoice: INVOICE_TEXTS,
  credit_note: CREDIT_NOTE_TEXTS,
  layout: LAYOUT_TEXTS,
};

const withoutUnits = (catalogue: Record<string, object>) =>
  Object.fromEntries(Object.entries(catalogue).map(([language, texts]) => [language, { ...texts, units: undefined }]));

describe.each(Object.entries(CATALOGUES))('%s document texts', (_name, catalogue) => {
  it('have the same keys in de, fr and it', () => {
    expect(findMissingTranslationKeys(withoutUnits(catalogue))).toEqual({});
  });

  it('translate the same unit names in fr and it', () => {
    const units = (language: string) => ({ units: (catalogue[language] as { units?: object }).units ?? {} });
    expect(findMissingTranslationKeys({ fr: units('fr'), it: units('it') })).toEqual({});
  });

  it('use the same placeholders in every language', () => {
    expect(findPlaceholderMismatches(catalogue)).toEqual([]);
  });
});
