import type { InvoiceDetailDto, InvoiceDto, InvoiceStatsDto, ReminderDto } from '@zunft/contracts';

/** Test data of the invoices screen (component tests only). */
export function anInvoice(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    id: '88888888-8888-4888-8888-888888888888',
    invoice_number: 'R-2026-0001',
    customer_id: '44444444-4444-4444-8444-444444444444',
    customer_name: 'Meier AG',
    project_id: null,
    project_title: 'Badsanierung Meier',
    report_id: null,
    quote_id: null,
    status: 'sent',
    payment_method: null,
    currency: 'CHF',
    invoice_date: '2026-03-01',
    due_date: '2026-03-31',
    service_period_start: '2026-02-01',
    service_period_end: '2026-02-28',
    subtotal: 1000,
    vat_rate: 8.1,
    vat_amount: 81,
    total_before_rounding: 1081,
    rounding: 0,
    total_amount: 1081,
    paid_amount: 0,
    open_amount: 1081,
    current_reminder_level: 0,
    current_reminder_name: 'Keine',
    last_reminder_sent_at: null,
    notes: null,
    sent_at: '2026-03-01T09:00:00.000Z',
    paid_at: null,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function anInvoiceDetail(overrides: Partial<InvoiceDetailDto> = {}): InvoiceDetailDto {
  const head = anInvoice(overrides);
  return {
    items: [
      {
        id: '99999999-9999-4999-8999-999999999991',
        position: 1,
        type: 'labor',
        title: 'Arbeit Hans Muster',
        description: null,
        quantity: 10,
        unit: 'h',
        unit_price: 100,
        total_price: 1000,
      },
    ],
    payments: [],
    qr_reference: '210000000003139471430009017',
    qrr_reference: '210000000003139471430009017',
    scor_reference: 'RF18539007547034',
    missing_settings: [],
    ...overrides,
    ...head,
  };
}

export function someStats(overrides: Partial<InvoiceStatsDto> = {}): InvoiceStatsDto {
  return { total: 3, paid: 1, pending: 2, totalAmount: 2345.5, ...overrides };
}

export function aReminder(overrides: Partial<ReminderDto> = {}): ReminderDto {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    reminder_type_id: 1,
    reminder_type: 'reminder',
    reminder_type_description: 'Erinnerung',
    sent_at: '2026-04-02T08:00:00.000Z',
    sent_by_name: 'Anna Muster',
    due_date: '2026-04-16',
    pdf_path: '/invoices/x/reminders/y/download',
    notes: null,
    open_amount: 1081,
    fee: 0,
    fees_total: 0,
    interest: 0,
    interest_days: 0,
    total_amount: 1081,
    sent_to: 'hans@meier.ch',
    ...overrides,
  };
}
