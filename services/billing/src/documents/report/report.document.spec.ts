import { describe, expect, it } from '@jest/globals';
import { reportDocumentSchema, type ReportDocument } from '@zunft/contracts';
import { renderReportHtml, reportPdfFilename } from './report.document.js';

const EVIL = `<img src=http://127.0.0.1:9/x onerror="alert(1)">`;

function sample(over: Partial<ReportDocument> = {}): ReportDocument {
  return {
    language: 'de',
    company: {
      name: 'Schreinerei Holz AG',
      address: 'Werkstrasse 1\n8000 Zürich',
      email: 'info@holz.test',
      phone: null,
      website: null,
      vat_number: 'CHE-123.456.789 MWST',
      iban: null,
      logo_data_url: null,
    },
    customer: { name: 'Bäckerei Huber', address: 'Marktgasse 1\n3011 Bern', email: null, language: 'de' },
    report: {
      number: 'R-2026-0001',
      title: 'Ladenumbau März',
      date: '2026-03-09',
      project_title: 'Ladenumbau',
      project_number: 'P-2026-001',
      period_start: '2026-03-02',
      period_end: '2026-03-08',
      notes: 'Schlüssel beim Hauswart',
    },
    employees: [
      {
        name: 'Emil Egger',
        hours: 10.25,
        break_minutes: 30,
        surcharges: [{ kind: 'sunday', percent: 50, hours: 2.25 }],
        entries: [
          {
            date: '2026-03-03',
            start: '08:00',
            end: '16:30',
            break_minutes: 30,
            hours: 8,
            surcharge_percent: 0,
            surcharge_kind: null,
            description: 'Abbruch',
          },
        ],
      },
    ],
    materials: [{ name: 'Schrauben', unit: 'Pkg', quantity: 3, used_at: '2026-03-03', employee_name: 'Emil Egger' }],
    expenses: [{ description: 'Parkhaus', category: 'transport', amount: 18.5, date: '2026-03-03' }],
    total_hours: 10.25,
    is_empty: false,
    excluded_count: 0,
    images: [{ filename: 'theke.jpg', data_url: null }],
    signature: null,
    ...over,
  };
}

const visible = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('report template', () => {
  it('escapes every user value (no tag of user text reaches the HTML)', () => {
    const doc = sample({
      company: { ...sample().company, name: EVIL, address: EVIL, vat_number: EVIL },
      customer: { name: EVIL, address: EVIL, email: null, language: 'de' },
      report: { ...sample().report, title: EVIL, project_title: EVIL, notes: EVIL, number: EVIL },
      employees: [
        {
          ...sample().employees[0]!,
          name: EVIL,
          entries: [{ ...sample().employees[0]!.entries[0]!, description: EVIL }],
        },
      ],
      materials: [{ ...sample().materials[0]!, name: EVIL, unit: EVIL, employee_name: EVIL }],
      expenses: [{ ...sample().expenses[0]!, description: EVIL, category: EVIL }],
      images: [{ filename: EVIL, data_url: null }],
      signature: {
        name: EVIL,
        email: EVIL,
        signed_at: '2026-03-10T10:00:00Z',
        ip: EVIL,
        user_agent: EVIL,
        image_data_url: 'data:image/png;base64,iVBORw0KGgo=',
        seal_sha256: 'a'.repeat(64),
      },
    });
    const { html, footerHtml } = renderReportHtml(doc);
    expect(html).not.toContain('<img src=http');
    expect(html).not.toContain('onerror="');
    expect(footerHtml).not.toContain('<img src=http');
    expect(html).toContain('&lt;img src=http://127.0.0.1:9/x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('prints period, per-employee table with breaks and surcharges, materials, photos with names, empty notice', () => {
    const text = visible(renderReportHtml(sample()).html);
    expect(text).toContain('Rapport R-2026-0001');
    expect(text).toContain('02.03.2026 – 08.03.2026');
    expect(text).toContain('Mitarbeiter: Emil Egger');
    expect(text).toContain('Total Emil Egger');
    expect(text).toContain('Sonntag 50 %: 2.25 h');
    expect(text).toContain('Schrauben');
    expect(text).toContain('theke.jpg');
    expect(text).toContain('Keine Vorschau verfügbar');
    expect(text).toContain('MWST-Nr. CHE-123.456.789 MWST');
    expect(text).toContain('Noch nicht unterschrieben');
    const empty = visible(
      renderReportHtml(sample({ employees: [], materials: [], expenses: [], is_empty: true, excluded_count: 3 })).html,
    );
    expect(empty).toContain('Im gewählten Zeitraum wurden keine Leistungen erfasst.');
    expect(empty).toContain('3 Einträge dieses Zeitraums sind bereits in einem unterschriebenen Rapport enthalten');
  });

  it('signed: signature record in the body, signer and seal prefix in the footer', () => {
    const { html, footerHtml } = renderReportHtml(
      sample({
        signature: {
          name: 'Hans Huber',
          email: 'hans@huber.test',
          signed_at: '2026-03-10T10:00:00Z',
          ip: '203.0.113.7',
          user_agent: 'Handy',
          image_data_url: 'data:image/png;base64,iVBORw0KGgo=',
          seal_sha256: '0123456789abcdef'.repeat(4),
        },
      }),
    );
    expect(visible(html)).toContain('Unterschrieben von Hans Huber');
    expect(visible(html)).toContain('203.0.113.7 · Handy');
    expect(footerHtml).toContain('Hans Huber');
    expect(footerHtml).toContain('SHA-256 0123456789abcdef');
  });

  it.each([
    ['de', 'Rapport', 'Stunden', 'Rapport-R-2026-0001.pdf'],
    ['fr', 'Rapport', 'Heures', 'Rapport-R-2026-0001.pdf'],
    ['it', 'Rapporto', 'Ore', 'Rapporto-R-2026-0001.pdf'],
  ] as const)('%s texts and file name', (language, title, hours, filename) => {
    const doc = sample({ language, customer: { ...sample().customer, language } });
    expect(reportDocumentSchema.parse(doc)).toBeTruthy();
    const { html, filename: name } = renderReportHtml(doc);
    expect(visible(html)).toContain(`${title} R-2026-0001`);
    expect(html).toContain(`<h2 class="section">${hours}</h2>`);
    expect(html).toContain(`lang="${language}"`);
    expect(name).toBe(filename);
    expect(reportPdfFilename(language, 'R-2026-0001')).toBe(filename);
  });
});
