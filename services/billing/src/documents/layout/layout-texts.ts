import type { Language } from '@zunft/contracts';

/** Texts of the shared layout (letterhead, meta block, footer), per customer language. `{x}` are placeholders. */
export interface LayoutTexts {
  date: string;
  vatNumber: string;
  phone: string;
  page: string;
}

export const LAYOUT_TEXTS: Record<Language, LayoutTexts> = {
  de: { date: 'Datum', vatNumber: 'MWST-Nr.', phone: 'Tel.', page: 'Seite {page} von {pages}' },
  fr: { date: 'Date', vatNumber: 'N° TVA', phone: 'Tél.', page: 'Page {page} sur {pages}' },
  it: { date: 'Data', vatNumber: 'N. IVA', phone: 'Tel.', page: 'Pagina {page} di {pages}' },
};

export function layoutTexts(language: Language): LayoutTexts {
  return LAYOUT_TEXTS[language] ?? LAYOUT_TEXTS.de;
}

/** Replaces `{key}` placeholders with already escaped HTML snippets. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
