import type { QuoteDocument } from '@zunft/contracts';

const svg = (markup: string) => `data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}`;

export const SAMPLE_LOGO = svg(
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">
  <rect x="0" y="8" width="48" height="48" rx="8" fill="#b4322a"/>
  <path d="M14 40 L24 18 L34 40 Z" fill="#fff"/>
  <text x="60" y="42" font-family="Arial, sans-serif" font-size="26" font-weight="700" fill="#1f2328">Muster Bau</text>
</svg>`,
);

export const SAMPLE_SIGNATURE = svg(
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="90" viewBox="0 0 300 90">
  <path d="M10 60 C 40 10, 60 90, 90 40 S 140 20, 160 55 S 220 70, 290 30" stroke="#1a3d8f" stroke-width="3" fill="none"/>
</svg>`,
);

/** A short quote with realistic numbers (one page). */
export function sampleQuote(
  overrides: Partial<QuoteDocument> = {},
  quote: Partial<QuoteDocument['quote']> = {},
): QuoteDocument {
  return {
    language: 'de',
    company: {
      name: 'Muster Bau AG',
      address: 'Bahnhofstrasse 12\n8001 Zürich',
      email: 'info@musterbau.ch',
      phone: '044 123 45 67',
      website: 'www.musterbau.ch',
      vat_number: 'CHE-123.456.789 MWST',
      iban: 'CH93 0076 2011 6238 5295 7',
      logo_data_url: SAMPLE_LOGO,
    },
    customer: {
      name: 'Hans Müller',
      address: 'z. Hd. Frau Erika Müller\nSeestrasse 5\n8002 Zürich',
      email: 'hans.mueller@example.ch',
      language: 'de',
    },
    quote: {
      number: 'AN-2025-0042',
      title: 'Badezimmer-Renovation',
      description: 'Gerne unterbreiten wir Ihnen folgendes Angebot für die Renovation Ihres Badezimmers.',
      date: '2025-03-07',
      valid_until: '2025-04-06',
      status: 'sent',
      notes: 'Ausführung voraussichtlich in KW 16.',
      terms_conditions: 'Zahlbar innert 30 Tagen netto.\nPreise gültig bis zum oben genannten Datum.',
      items: [
        {
          type: 'material',
          title: 'Wandplatten 30×60 cm',
          description: 'Feinsteinzeug, matt, weiss',
          quantity: 24.5,
          unit: 'm²',
          unit_price: 48.9,
          total_price: 1198.05,
        },
        {
          type: 'labor',
          title: 'Plattenleger-Arbeiten',
          description: null,
          quantity: 16,
          unit: 'h',
          unit_price: 95,
          total_price: 1520,
        },
        {
          type: 'other',
          title: 'Entsorgung Altmaterial',
          description: 'Mulde 3 m³',
          quantity: 1,
          unit: 'Stk',
          unit_price: 380,
          total_price: 380,
        },
      ],
      subtotal: 3098.05,
      discount_percent: 5,
      discount_amount: 154.9,
      travel_allowance: 60,
      net_amount: 3003.15,
      vat_rate: 8.1,
      vat_amount: 243.26,
      total_before_rounding: 3246.41,
      rounding: -0.01,
      total: 3246.4,
      currency: 'CHF',
      ...quote,
    },
    signature: null,
    ...overrides,
  };
}
