import { describe, expect, it } from '@jest/globals';
import type { QuoteDocument } from '@zunft/contracts';
import { sampleQuote } from '../../../test/worker/fixtures.js';
import { quotePdfFilename, renderQuoteHtml } from './quote.document.js';

const EVIL = `<img src=http://127.0.0.1:9/x onerror="alert(1)">`;

/** The text of the HTML with tags removed and entities decoded: what a reader would see. */
function visibleText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#96;/g, '`')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('quote template', () => {
  it('escapes every user value (no tag of user text reaches the HTML)', () => {
    const doc: QuoteDocument = sampleQuote(
      {
        company: {
          ...sampleQuote().company,
          name: EVIL,
          address: EVIL,
          email: EVIL,
          phone: EVIL,
          website: EVIL,
          vat_number: EVIL,
          iban: EVIL,
        },
        customer: { name: EVIL, address: `${EVIL}\n${EVIL}`, email: EVIL, language: 'de' },
        signature: { name: EVIL, email: EVIL, signed_at: '2025-03-10T10:00:00Z', image_data_url: null },
      },
      {
        number: EVIL,
        title: EVIL,
        description: EVIL,
        notes: EVIL,
        terms_conditions: EVIL,
        items: [
          { type: 'other', title: EVIL, description: EVIL, quantity: 1, unit: EVIL, unit_price: 1, total_price: 1 },
        ],
      },
    );
    const { html, footerHtml } = renderQuoteHtml(doc);
    expect(html).not.toContain('<img src=http');
    expect(footerHtml).not.toContain('<img');
    expect(html).not.toMatch(/<img(?![^>]*src="data:)/);
    expect(
      html.match(/&lt;img src=http:\/\/127\.0\.0\.1:9\/x onerror=&quot;alert\(1\)&quot;&gt;/g)!.length,
    ).toBeGreaterThanOrEqual(14);
    expect(visibleText(html)).toContain(`Angebot ${EVIL}`);
  });

  it('shows title, dates, items and totals in Swiss format', () => {
    const text = visibleText(renderQuoteHtml(sampleQuote()).html);
    expect(text).toContain('Angebot AN-2025-0042');
    expect(text).toContain('Datum 07.03.2025');
    expect(text).toContain('Gültig bis 06.04.2025');
    expect(text).toContain('Pos. Bezeichnung Menge Einheit Preis Total');
    expect(text).toContain("Wandplatten 30×60 cm Feinsteinzeug, matt, weiss 24.5 m² 48.90 1'198.05");
    expect(text).toContain("Zwischentotal 3'098.05 Rabatt 5 % -154.90 Reisepauschale 60.00 Netto 3'003.15");
    expect(text).toContain("MWST 8.1 % 243.26 Rundung -0.01 Total CHF 3'246.40");
    expect(text).toContain('MWST-Nr. CHE-123.456.789 MWST');
    expect(text).not.toContain('Angenommen von');
  });

  it('leaves out zero discount, travel allowance and rounding rows', () => {
    const text = visibleText(
      renderQuoteHtml(sampleQuote({}, { discount_percent: 0, discount_amount: 0, travel_allowance: 0, rounding: 0 }))
        .html,
    );
    expect(text).not.toContain('Rabatt');
    expect(text).not.toContain('Reisepauschale');
    expect(text).not.toContain('Rundung');
  });

  it.each([
    ['fr', 'Offre AN-2025-0042', 'Acceptée par Jean Dupont le 10.03.2025', 'N° TVA', 'pce'],
    ['it', 'Offerta AN-2025-0042', 'Accettata da Jean Dupont il 10.03.2025', 'N. IVA', 'pz.'],
    ['de', 'Angebot AN-2025-0042', 'Angenommen von Jean Dupont am 10.03.2025', 'MWST-Nr.', 'Stk'],
  ] as const)('is printed in the customer language (%s)', (language, title, accepted, vat, unit) => {
    const doc = sampleQuote({
      language,
      signature: { name: 'Jean Dupont', email: null, signed_at: '2025-03-10T10:00:00Z', image_data_url: null },
    });
    const { html, footerHtml } = renderQuoteHtml(doc);
    const text = visibleText(html);
    expect(html).toContain(`<html lang="${language}">`);
    expect(text).toContain(title);
    expect(text).toContain(accepted);
    expect(text).toContain(vat);
    expect(text).toContain(` ${unit} `);
    expect(footerHtml).toContain('pageNumber');
  });

  it('uses the logo only as data: URL and forbids loading anything else (CSP)', () => {
    const withLogo = renderQuoteHtml(sampleQuote()).html;
    expect(withLogo).toMatch(/<img src="data:image\/svg\+xml;base64,/);
    expect(withLogo).toContain(`content="default-src 'none'; img-src data:;`);
    const withoutLogo = renderQuoteHtml(
      sampleQuote({ company: { ...sampleQuote().company, logo_data_url: null } }),
    ).html;
    expect(withoutLogo).toContain('<div class="brand-name">Muster Bau AG</div>');
  });

  it('prints the IBAN in groups of four, however it was stored', () => {
    const doc = sampleQuote({ company: { ...sampleQuote().company, iban: 'CH9300762011623852957' } });
    expect(visibleText(renderQuoteHtml(doc).footerHtml ?? '')).toContain('IBAN CH93 0076 2011 6238 5295 7');
  });

  it('names the file after the document', () => {
    expect(quotePdfFilename(sampleQuote())).toBe('Angebot-AN-2025-0042.pdf');
    expect(quotePdfFilename(sampleQuote({ language: 'fr' }, { number: 'Q/2025 7' }))).toBe('Offre-Q-2025-7.pdf');
  });
});
