import type { PublicReportDto, ReportContentDto, ReportDetailDto, ReportDto, ReportImageDto } from '@zunft/contracts';

/** Test data of the reports screen and the public signature page. */
export const REPORT_ID = '55555555-5555-4555-8555-555555555555';

export function aReport(overrides: Partial<ReportDto> = {}): ReportDto {
  return {
    id: REPORT_ID,
    report_number: 'R-2026-0001',
    title: 'Badsanierung März',
    project_id: '22222222-2222-4222-8222-222222222222',
    project_title: 'Badsanierung Meier',
    project_number: 'P-2026-0001',
    customer_id: '44444444-4444-4444-8444-444444444444',
    customer_name: 'Meier AG',
    customer_email: 'hans@meier.ch',
    period_start: '2026-03-01',
    period_end: '2026-03-31',
    status: 'draft',
    notes: null,
    language: 'de',
    total_hours: 12.5,
    image_count: 0,
    created_at: '2026-04-01T08:00:00.000Z',
    updated_at: '2026-04-01T08:00:00.000Z',
    sent_at: null,
    signed_at: null,
    signer_name: null,
    pdf_sha256: null,
    seal_sha256: null,
    invoice_id: null,
    ...overrides,
  };
}

export function aContent(overrides: Partial<ReportContentDto> = {}): ReportContentDto {
  return {
    employees: [
      {
        employee_id: '11111111-1111-4111-8111-111111111111',
        employee_name: 'Anna Muster',
        hourly_rate: 95,
        hours: 12.5,
        break_minutes: 30,
        surcharges: [{ kind: 'saturday', percent: 25, hours: 4 }],
        entries: [
          {
            time_entry_id: '12121212-1212-4121-8121-121212121212',
            date: '2026-03-07',
            start: '07:30',
            end: '12:00',
            break_minutes: 30,
            hours: 4,
            surcharge_percent: 25,
            surcharge_kind: 'saturday',
            description: 'Plättli entfernt',
          },
        ],
      },
    ],
    materials: [
      {
        usage_id: '13131313-1313-4131-8131-131313131313',
        material_id: '14141414-1414-4141-8141-141414141414',
        name: 'Silikon weiss',
        unit: 'Stk',
        quantity: 3,
        unit_price: 9.5,
        total_price: 28.5,
        used_at: '2026-03-07',
        employee_id: '11111111-1111-4111-8111-111111111111',
        employee_name: 'Anna Muster',
      },
    ],
    expenses: [],
    total_hours: 12.5,
    materials_total: 28.5,
    expenses_total: 0,
    is_empty: false,
    excluded: { time_entries: 0, material_usage: 0, expenses: 0 },
    ...overrides,
  };
}

export function anImage(overrides: Partial<ReportImageDto> = {}): ReportImageDto {
  const id = overrides.id ?? '66666666-6666-4666-8666-666666666666';
  return {
    id,
    url: `/api/reports/${REPORT_ID}/images/${id}/file`,
    thumbnail_url: `/api/reports/${REPORT_ID}/images/${id}/thumbnail`,
    filename: 'baustelle.jpg',
    content_type: 'image/jpeg',
    size: 120_000,
    has_thumbnail: true,
    created_at: '2026-04-01T09:00:00.000Z',
    ...overrides,
  };
}

export function aReportDetail(overrides: Partial<ReportDetailDto> = {}): ReportDetailDto {
  return { ...aReport(), content: aContent(), images: [], signer_email: null, ...overrides };
}

export function aPublicReport(overrides: Partial<PublicReportDto> = {}): PublicReportDto {
  return {
    report_number: 'R-2026-0001',
    title: 'Badsanierung März',
    status: 'sent',
    period_start: '2026-03-01',
    period_end: '2026-03-31',
    project_title: 'Badsanierung Meier',
    customer_name: 'Meier AG',
    customer_email: 'hans@meier.ch',
    language: 'de',
    company: {
      name: 'Sanitär Muster GmbH',
      address: 'Dorfstrasse 1, 8000 Zürich',
      email: null,
      phone: null,
      logo_url: null,
    },
    content: aContent(),
    images: [
      anImage({
        url: '/api/signature/tok/images/66666666-6666-4666-8666-666666666666/file',
        thumbnail_url: '/api/signature/tok/images/66666666-6666-4666-8666-666666666666/thumbnail',
      }),
    ],
    notes: 'Fugen nach 24 h prüfen',
    consent_text: 'Ich bestätige …',
    expires_at: '2026-05-01T08:00:00.000Z',
    ...overrides,
  };
}
