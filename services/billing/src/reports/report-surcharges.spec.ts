import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { computeInvoiceTotals, reportDocumentSchema, type ReportData, type ReportDocument } from '@zunft/contracts';
import { renderReportHtml } from '../documents/report/report.document.js';
import { reportLines } from '../invoices/index.js';
import { buildReportContent, reportSignedEventData } from './report-snapshot.js';

/*
 * `precise` surcharge mode (issue 24): operations answers per entry the minutes of each ArG window
 * (night ArG art. 17b, Sunday art. 19, holiday art. 20a); the report and the invoice made from it
 * bill exactly those minutes, each line saying which. All figures computed by hand below.
 */

const emil = randomUUID();
const eva = randomUUID();

type Entry = ReportData['time_entries'][number];
const entry = (over: Partial<Entry> & Pick<Entry, 'start_time' | 'end_time' | 'total_minutes'>): Entry => ({
  id: randomUUID(),
  user_id: emil,
  user_name: 'Emil Egger',
  break_minutes: 15,
  surcharge_night: 0,
  surcharge_saturday: 0,
  surcharge_sunday: 0,
  surcharge_total: 0,
  description: null,
  status: 'approved',
  ...over,
});

const data: ReportData = {
  period: { start: '2026-08-01', end: '2026-09-30', timezone: 'Europe/Zurich' },
  customer: {
    id: randomUUID(),
    name: 'Bäckerei Huber AG',
    contact_person: null,
    customer_number: 'K-0001',
    email: null,
    phone: null,
    address: null,
    zip: null,
    city: null,
    language: 'de',
  },
  project: {
    id: randomUUID(),
    title: 'Ladenumbau',
    project_number: 'P-2026-001',
    status: 'in_progress',
    description: null,
    start_date: null,
    end_date: null,
  },
  time_entries: [
    // Saturday 1 August (federal holiday) 10:00–14:00, 15 min break: 225 min; the company's Saturday
    // 25 % by start day (whole entry) and 225 holiday minutes at the Sunday percent
    entry({
      start_time: '2026-08-01T08:00:00.000Z',
      end_time: '2026-08-01T12:00:00.000Z',
      total_minutes: 225,
      surcharge_saturday: 25,
      surcharge_total: 25,
      precise_surcharges: [{ kind: 'holiday', percent: 50, minutes: 225 }],
    }),
    // Tuesday 21:00–01:00, 15 min break: 225 min, of which 120 in the night (23:00–01:00)
    entry({
      start_time: '2026-09-08T19:00:00.000Z',
      end_time: '2026-09-08T23:00:00.000Z',
      total_minutes: 225,
      precise_surcharges: [{ kind: 'night', percent: 25, minutes: 120 }],
    }),
    // Sunday 04:00–10:00, 15 min break: 345 min, 120 of them in the night, all 345 on the Sunday
    entry({
      start_time: '2026-09-13T02:00:00.000Z',
      end_time: '2026-09-13T08:00:00.000Z',
      total_minutes: 345,
      precise_surcharges: [
        { kind: 'night', percent: 25, minutes: 120 },
        { kind: 'sunday', percent: 50, minutes: 345 },
      ],
    }),
    // Eva: two nights of 50 minutes each: 100 minutes = 1.67 h, not 2 × 0.83 h
    entry({
      user_id: eva,
      user_name: 'Eva Frei',
      start_time: '2026-09-09T19:00:00.000Z',
      end_time: '2026-09-09T22:05:00.000Z',
      total_minutes: 170,
      precise_surcharges: [{ kind: 'night', percent: 25, minutes: 50 }],
    }),
    entry({
      user_id: eva,
      user_name: 'Eva Frei',
      start_time: '2026-09-10T19:00:00.000Z',
      end_time: '2026-09-10T22:05:00.000Z',
      total_minutes: 170,
      precise_surcharges: [{ kind: 'night', percent: 25, minutes: 50 }],
    }),
  ],
  material_usage: [],
  expenses: [],
  excluded: { time_entries: 0, material_usage: 0, expenses: 0 },
};

const content = buildReportContent(
  data,
  new Map([
    [emil, 96],
    [eva, null],
  ]),
);

describe('precise surcharges in the report and its invoice (issue 24)', () => {
  it('the report lines carry the minutes per window and the employee sums them exactly', () => {
    const [e, f] = content.employees;
    expect(e!.employee_name).toBe('Emil Egger');
    expect(e!.hours).toBe(13.25); // (225 + 225 + 345) / 60
    expect(e!.entries.map((x) => [x.date, x.start, x.end, x.surcharge_kind, x.surcharge_minutes ?? []])).toEqual([
      ['2026-08-01', '10:00', '14:00', 'saturday', [{ kind: 'holiday', percent: 50, minutes: 225 }]],
      ['2026-09-08', '21:00', '01:00', null, [{ kind: 'night', percent: 25, minutes: 120 }]],
      [
        '2026-09-13',
        '04:00',
        '10:00',
        null,
        [
          { kind: 'night', percent: 25, minutes: 120 },
          { kind: 'sunday', percent: 50, minutes: 345 },
        ],
      ],
    ]);
    expect(e!.surcharges).toEqual([
      { kind: 'saturday', percent: 25, hours: 3.75 },
      { kind: 'holiday', percent: 50, hours: 3.75, minutes: 225 },
      { kind: 'night', percent: 25, hours: 4, minutes: 240 },
      { kind: 'sunday', percent: 50, hours: 5.75, minutes: 345 },
    ]);
    expect(f!.surcharges).toEqual([{ kind: 'night', percent: 25, hours: 1.67, minutes: 100 }]);
  });

  it('the invoice bills each window on its own line with its minutes (rate 96, default 80)', () => {
    const signed = reportSignedEventData({
      id: randomUUID(),
      company_id: randomUUID(),
      report_number: 'R-2026-0001',
      customer_id: data.customer.id,
      project_id: data.project.id,
      project_title: data.project.title,
      project_number: data.project.project_number,
      customer: { ...data.customer, contact_person: null },
      language: 'de',
      period_start: data.period.start,
      period_end: data.period.end,
      signed_at: '2026-10-01T10:00:00.000Z',
      signer_name: 'Hans Huber',
      content,
    });
    const lines = reportLines(signed, 80);
    expect(lines.map((l) => [l.type, l.title, l.description, l.quantity, l.unitPrice])).toEqual([
      ['labor', 'Arbeitszeit Emil Egger', null, 13.25, 96],
      // 96 × 25 % = 24.00 per hour, the whole Saturday entry (spec rule of the company)
      ['surcharge', 'Samstagszuschlag 25 % Emil Egger', null, 3.75, 24],
      // 96 × 50 % = 48.00 per hour
      ['surcharge', 'Feiertagszuschlag 50 % Emil Egger', '225 Min. Feiertagsarbeit (ArG Art. 20a)', 3.75, 48],
      ['surcharge', 'Nachtzuschlag 25 % Emil Egger', '240 Min. Nachtarbeit (ArG Art. 17b)', 4, 24],
      ['surcharge', 'Sonntagszuschlag 50 % Emil Egger', '345 Min. Sonntagsarbeit (ArG Art. 19)', 5.75, 48],
      ['labor', 'Arbeitszeit Eva Frei', null, 5.67, 80], // 340 / 60 = 5.666…
      // 80 × 25 % = 20.00 per hour, 100 minutes
      ['surcharge', 'Nachtzuschlag 25 % Eva Frei', '100 Min. Nachtarbeit (ArG Art. 17b)', 1.67, 20],
    ]);
    // net: 1272.00 + 90.00 + 180.00 + 96.00 + 276.00 + 453.60 + 33.40 = 2401.00
    expect(computeInvoiceTotals(lines, 0, 'CHF').subtotal).toBe(2401);
  });

  it('the report PDF shows the minutes per entry and per employee', () => {
    const e = content.employees[0]!;
    const doc: ReportDocument = reportDocumentSchema.parse({
      language: 'de',
      company: {
        name: 'Holz AG',
        address: 'Werkstrasse 1',
        email: null,
        phone: null,
        website: null,
        vat_number: null,
        iban: null,
        logo_data_url: null,
      },
      customer: { name: 'Bäckerei Huber AG', address: 'Marktgasse 1', email: null, language: 'de' },
      report: {
        number: 'R-2026-0001',
        title: 'Ladenumbau',
        date: '2026-10-01',
        project_title: 'Ladenumbau',
        project_number: 'P-2026-001',
        period_start: '2026-08-01',
        period_end: '2026-09-30',
        notes: null,
      },
      employees: [
        {
          name: e.employee_name,
          hours: e.hours,
          break_minutes: e.break_minutes,
          surcharges: e.surcharges,
          entries: e.entries,
        },
      ],
      materials: [],
      expenses: [],
      total_hours: e.hours,
      is_empty: false,
      excluded_count: 0,
      images: [],
      signature: null,
    });
    const text = renderReportHtml(doc)
      .html.replace(/<style>[\s\S]*?<\/style>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Samstag 25 % Feiertag 50 %: 225 Min.');
    expect(text).toContain('Nacht 25 %: 120 Min. Sonntag 50 %: 345 Min.');
    expect(text).toContain('Feiertag 50 %: 3.75 h (225 Min.)');
    expect(text).toContain('Nacht 25 %: 4.00 h (240 Min.)');
  });
});
