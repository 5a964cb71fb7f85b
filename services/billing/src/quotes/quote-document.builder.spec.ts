import { describe, expect, it } from '@jest/globals';
import { quoteDocumentSchema, type QuoteDto } from '@zunft/contracts';
import type { CompanyInfo, CustomerInfo } from '../directory/index.js';
import { buildQuoteDocument } from './quote-document.builder.js';
import { formatChf, formatDate, quoteMail } from './quote-mail.js';

const quote: QuoteDto = {
  id: 'a3f1c2b8-0a4d-4c3b-9e2f-1a2b3c4d5e6f',
  quote_number: 'A-2026-0007',
  title: 'Fassade',
  description: null,
  customer_id: 'b3f1c2b8-0a4d-4c3b-9e2f-1a2b3c4d5e6f',
  customer_name: 'Meier GmbH',
  contact_person: 'Hans Meier',
  customer_email: 'hans@meier.test',
  status: 'accepted',
  quote_date: '2026-03-01',
  valid_until: '2026-03-31',
  discount_percent: 0,
  travel_allowance: 0,
  vat_rate: 8.1,
  subtotal: 100,
  discount_amount: 0,
  net_amount: 100,
  vat_amount: 8.1,
  total_before_rounding: 108.1,
  rounding: 0,
  total: 108.1,
  total_amount: 108.1,
  notes: null,
  terms_conditions: null,
  items: [
    {
      id: 'c3f1c2b8-0a4d-4c3b-9e2f-1a2b3c4d5e6f',
      position: 1,
      type: 'labor',
      title: 'Arbeit',
      description: null,
      quantity: 1,
      unit: 'h',
      unit_price: 100,
      total_price: 100,
      material_id: null,
    },
  ],
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-01T08:00:00.000Z',
  sent_at: '2026-03-01T09:00:00.000Z',
  accepted_at: '2026-03-02T10:00:00.000Z',
  accepted_by_name: 'Hans Meier',
  accepted_by_email: 'hans@meier.test',
  rejected_at: null,
  rejection_reason: null,
  project_id: null,
  project_requested_at: null,
  has_signature: true,
};

const customer: CustomerInfo = {
  id: quote.customer_id,
  name: 'Meier GmbH',
  customer_number: 'K-0001',
  po_box: null,
  contact_person: 'Hans Meier',
  email: 'hans@meier.test',
  phone: null,
  address: 'Seestrasse 4',
  zip: '8700',
  city: 'Küsnacht',
  country: 'CH',
  language: null,
  deleted: false,
};

const company: CompanyInfo = {
  id: 'd3f1c2b8-0a4d-4c3b-9e2f-1a2b3c4d5e6f',
  name: 'Maler AG',
  email: null,
  phone: null,
  website: null,
  address: null,
  logo_url: null,
  language: 'fr',
  timezone: 'Europe/Zurich',
  default_hourly_rate: 90,
  company_iban: null,
  vat_number: 'CHE-109.322.551 MWST',
  vat_rate: 8.1,
};

describe('buildQuoteDocument', () => {
  it('builds a valid QuoteDocument with addresses, language fallback and the signature', () => {
    const doc = buildQuoteDocument({
      quote,
      company,
      customer,
      logoDataUrl: null,
      signaturePng: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(quoteDocumentSchema.parse(doc)).toEqual(doc);
    expect(doc.language).toBe('fr'); // customer without language → company language
    expect(doc.customer.address).toBe('Hans Meier\nSeestrasse 4\n8700 Küsnacht');
    expect(doc.company).toMatchObject({ name: 'Maler AG', address: '', vat_number: 'CHE-109.322.551 MWST' });
    expect(doc.signature).toEqual({
      name: 'Hans Meier',
      email: 'hans@meier.test',
      signed_at: '2026-03-02T10:00:00.000Z',
      image_data_url: 'data:image/png;base64,iVBORw==',
    });
    expect(doc.quote.items[0]).toEqual({
      type: 'labor',
      title: 'Arbeit',
      description: null,
      quantity: 1,
      unit: 'h',
      unit_price: 100,
      total_price: 100,
    });
  });

  it('no signature unless accepted; a status override (send prints "sent"); unknown company/customer', () => {
    const doc = buildQuoteDocument({
      quote: { ...quote, status: 'draft', accepted_at: null },
      status: 'sent',
      company: null,
      customer: null,
      logoDataUrl: null,
      signaturePng: null,
    });
    expect(quoteDocumentSchema.parse(doc)).toEqual(doc);
    expect(doc.signature).toBeNull();
    expect(doc.quote.status).toBe('sent');
    expect(doc.language).toBe('de');
    expect(doc.customer).toMatchObject({ name: 'Meier GmbH', address: '' });
  });
});

describe('quote mail', () => {
  it('Swiss formats and the three languages', () => {
    expect(formatChf(1234.5)).toBe("CHF 1'234.50");
    expect(formatChf(0)).toBe('CHF 0.00');
    expect(formatChf(1234567.8)).toBe("CHF 1'234'567.80");
    expect(formatDate('2026-03-31')).toBe('31.03.2026');
    const input = {
      companyName: 'Maler <AG>',
      recipientName: 'Hans Meier',
      quoteNumber: 'A-2026-0007',
      title: 'Fassade',
      total: 1080.05,
      validUntil: '2026-03-31',
      acceptanceUrl: 'http://x.test/quote-acceptance/abc',
    };
    const de = quoteMail({ ...input, language: 'de' });
    expect(de.subject).toBe('Angebot A-2026-0007: Fassade');
    expect(de.text).toContain("CHF 1'080.05");
    expect(de.text).toContain('gültig bis 31.03.2026');
    expect(de.text).toContain('http://x.test/quote-acceptance/abc');
    expect(de.html).toContain('Maler &lt;AG&gt;');
    expect(quoteMail({ ...input, language: 'fr' }).subject).toBe('Offre A-2026-0007: Fassade');
    expect(quoteMail({ ...input, language: 'it' }).text).toContain('Buongiorno Hans Meier');
  });
});
