import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceDetailDto, InvoiceDto } from '@zunft/contracts';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders, signedInAs } from '../../../test/render';
import { collectToasts } from '../../../test/toasts';
import { aReminder, anInvoice, anInvoiceDetail, someStats } from '../testing/invoices.fixtures';
import { localToday } from './invoiceHelpers';
import { InvoicesScreen } from './InvoicesScreen';

const Office = signedInAs('backoffice');
const toasts = collectToasts();
const slow = { timeout: 15_000 };
const LIST = '/api/invoices?page=1&pageSize=20';
const texts = () => toasts.map((t) => t.text);

afterEach(() => {
  (globalThis as { __testWidth?: number }).__testWidth = undefined;
});

function renderScreen(
  invoice: InvoiceDto,
  detail: InvoiceDetailDto | null,
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  const calls = mockFetch({
    [`GET ${LIST}`]: { items: [invoice], total: 1, page: 1, pageSize: 20 },
    'GET /api/invoices/stats': someStats(),
    'GET /api/invoices/payments/unmatched?status=open&page=1&pageSize=200': {
      items: [],
      total: 0,
      page: 1,
      pageSize: 200,
    },
    'GET /api/customers': [],
    ...(detail ? { [`GET /api/invoices/${invoice.id}`]: detail } : {}),
    [`GET /api/invoices/${invoice.id}/reminders`]: [],
    [`GET /api/invoices/${invoice.id}/credit-notes`]: [],
    [`GET /api/invoices/${invoice.id}/ledger`]: {
      invoice_id: invoice.id,
      invoice_number: invoice.invoice_number,
      currency: 'CHF',
      entries: [],
      open_amount: invoice.open_amount,
      paid_amount: invoice.paid_amount,
      credited_amount: 0,
      fees_amount: 0,
      interest_amount: 0,
      written_off_amount: 0,
      credit_balance: 0,
    },
    ...extra,
  });
  return {
    calls,
    ...renderWithProviders(
      <Office>
        <InvoicesScreen />
      </Office>,
    ),
  };
}

async function openDetail(number: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByText(number));
  const dialog = await screen.findByRole('dialog', {}, slow);
  await within(dialog).findByText('Arbeit Hans Muster', {}, slow);
  return dialog;
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1]!);
}

describe('invoice detail', () => {
  it('shows customer, project, dates, QR reference, items, totals and payments', async () => {
    const invoice = anInvoice({ paid_amount: 81, open_amount: 1000, rounding: -0.02 });
    renderScreen(
      invoice,
      anInvoiceDetail({
        paid_amount: 81,
        open_amount: 1000,
        rounding: -0.02,
        payments: [
          {
            id: 'p1',
            amount: 81,
            payment_date: '2026-03-10',
            method: 'bank',
            source: 'camt054',
            bank_reference: 'E1',
            debtor_name: 'Hans Meier',
            created_at: '2026-03-10T08:00:00Z',
            created_by_name: null,
          },
        ],
      }),
    );
    const dialog = await openDetail('R-2026-0001');
    const text = dialog.textContent ?? '';
    expect(text).toContain('Rechnung R-2026-0001');
    expect(text).toContain('Meier AG');
    expect(text).toContain('Badsanierung Meier');
    expect(text).toContain("CHF 1'081.00");
    expect(text).toContain('01.03.2026');
    expect(text).toContain('31.03.2026');
    expect(text).toContain('01.02.2026 – 28.02.2026');
    expect(text).toContain('21 00000 00003 13947 14300 09017');
    expect(text).toContain('MWST (8.1 %)');
    expect(text).toContain('Rundung');
    expect(text).toContain('Bankdatei · Hans Meier');
    expect(text).toContain('CHF 81.00');
    expect(text).toContain("Offener Betrag: CHF 1'000.00");
    expect(
      within(dialog)
        .getByRole('button', { name: /Als bezahlt markieren/ })
        .hasAttribute('disabled'),
    ).toBe(false);
    expect(
      within(dialog)
        .getByRole('button', { name: /Mahnung verwalten/ })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it('names the missing QR-bill settings', async () => {
    renderScreen(anInvoice(), anInvoiceDetail({ missing_settings: ['IBAN (Einstellungen › Rechnung)'] }));
    const dialog = await openDetail('R-2026-0001');
    expect(dialog.textContent).toContain('Für den QR-Einzahlungsschein fehlen noch Angaben');
    expect(dialog.textContent).toContain('IBAN (Einstellungen › Rechnung)');
  });

  it('a paid invoice: no mark-paid, no reminders, no delete, no payment form', async () => {
    const paid = anInvoice({ status: 'paid', paid_amount: 1081, open_amount: 0 });
    renderScreen(paid, anInvoiceDetail({ status: 'paid', paid_amount: 1081, open_amount: 0 }));
    const dialog = await openDetail('R-2026-0001');
    expect(
      within(dialog)
        .getByRole('button', { name: /Als bezahlt markieren/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      within(dialog)
        .getByRole('button', { name: /Mahnung verwalten/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Löschen' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).queryByRole('button', { name: /Zahlung erfassen/ })).toBeNull();
  });

  it('a draft: reminders disabled, send offered', async () => {
    const draft = anInvoice({ status: 'draft' });
    renderScreen(draft, anInvoiceDetail({ status: 'draft' }));
    const dialog = await openDetail('R-2026-0001');
    expect(
      within(dialog)
        .getByRole('button', { name: /Mahnung verwalten/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(dialog).getByRole('button', { name: /Senden/ })).toBeTruthy();
  });

  it('the status and payment-method selectors save with their toasts', async () => {
    const invoice = anInvoice();
    const { calls } = renderScreen(invoice, anInvoiceDetail(), {
      [`PUT /api/invoices/${invoice.id}/status`]: anInvoiceDetail({ status: 'overdue' }),
      [`PUT /api/invoices/${invoice.id}/payment-method`]: { status: 500, body: { error: 'Datenbank weg' } },
    });
    const dialog = await openDetail('R-2026-0001');
    await choose(dialog, 'Status', 'Überfällig');
    await waitFor(() => expect(texts()).toContain('Status aktualisiert'), slow);
    expect(calls.find((c) => c.method === 'PUT' && c.url.endsWith('/status'))!.body).toEqual({ status: 'overdue' });

    await choose(dialog, 'Zahlungsmethode', 'Bar');
    await waitFor(() => expect(texts()).toContain('Fehler beim Aktualisieren der Zahlungsmethode'), slow);
    expect(calls.find((c) => c.method === 'PUT' && c.url.endsWith('/payment-method'))!.body).toEqual({
      paymentMethod: 'cash',
    });
  });

  it('«Als bezahlt markieren» records the open amount on the server', async () => {
    const invoice = anInvoice();
    const { calls } = renderScreen(invoice, anInvoiceDetail(), {
      [`POST /api/invoices/${invoice.id}/mark-paid`]: anInvoiceDetail({ status: 'paid' }),
    });
    const dialog = await openDetail('R-2026-0001');
    fireEvent.click(within(dialog).getByRole('button', { name: /Als bezahlt markieren/ }));
    const confirm = await screen.findByRole('tooltip', {}, slow);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Als bezahlt markieren' }));
    await waitFor(() => expect(texts()).toContain('Rechnung als bezahlt markiert'), slow);
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/mark-paid'))).toBe(true);
  });

  it('records a partial payment with amount, date and method', async () => {
    const invoice = anInvoice();
    const { calls } = renderScreen(invoice, anInvoiceDetail(), {
      [`POST /api/invoices/${invoice.id}/payments`]: { status: 201, body: {} },
    });
    const dialog = await openDetail('R-2026-0001');
    const amount = within(dialog).getByRole('spinbutton', { name: 'Betrag' }) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('1081.00'));
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.blur(amount);
    fireEvent.click(within(dialog).getByRole('button', { name: /Zahlung erfassen/ }));
    await waitFor(() => expect(texts()).toContain('Zahlung von CHF 500.00 erfasst'), slow);
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/payments'))!.body).toEqual({
      amount: 500,
      paymentDate: localToday(),
      method: 'bank',
    });
  });
});

describe('reminder dialog', () => {
  const overdue = anInvoice({
    status: 'overdue',
    current_reminder_level: 1,
    last_reminder_sent_at: '2026-04-02T08:00:00.000Z',
  });

  async function openReminders(extra: Parameters<typeof mockFetch>[0] = {}) {
    const result = renderScreen(overdue, anInvoiceDetail({ ...overdue }), {
      [`GET /api/invoices/${overdue.id}/reminders`]: [aReminder({ notes: 'Telefonisch angekündigt' })],
      ...extra,
    });
    const detail = await openDetail('R-2026-0001');
    fireEvent.click(within(detail).getByRole('button', { name: /Mahnung verwalten/ }));
    await screen.findByText('Mahnung verwalten – R-2026-0001', {}, slow);
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    return { ...result, dialog };
  }

  it('shows level, last reminder, amount and the history with who sent it', async () => {
    const { dialog } = await openReminders();
    const text = dialog.textContent ?? '';
    expect(text).toContain('Aktuelle Mahnstufe');
    expect(text).toContain('Erinnerung');
    expect(text).toContain('02.04.2026');
    expect(text).toContain("CHF 1'081.00");
    const history = await within(dialog).findByRole('region', { name: 'Verlauf' });
    await within(history).findByText(/Versendet von Anna Muster am 02\.04\.2026/);
    expect(history.textContent).toContain('Zahlbar bis 16.04.2026');
    expect(history.textContent).toContain('Telefonisch angekündigt');
    expect(history.style.maxHeight).toBe('24rem');
  });

  it('the next level goes out with an empty payload and the server message', async () => {
    const { dialog, calls } = await openReminders({
      [`POST /api/invoices/${overdue.id}/send-reminder`]: { data: { message: '1. Mahnung wurde versendet' } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Nächste Stufe senden: 1\. Mahnung/ }));
    await waitFor(() => expect(texts()).toContain('1. Mahnung wurde versendet'), slow);
    expect(calls.find((c) => c.url.endsWith('/send-reminder'))!.body).toEqual({});
    // History reloads after sending (part 2 §4).
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/reminders')).length).toBeGreaterThan(1));
  });

  it('the custom form: type default 1. Mahnung, term 1–365 default 14, notes; the server text on failure', async () => {
    const { dialog, calls } = await openReminders({
      [`POST /api/invoices/${overdue.id}/send-reminder`]: {
        status: 400,
        body: { error: 'Diese Mahnstufe wurde bereits versendet. Bitte wählen Sie eine höhere Stufe.' },
      },
    });
    const days = within(dialog).getByRole('spinbutton', { name: 'Zahlungsfrist (Tage)' }) as HTMLInputElement;
    expect(days.value).toBe('14');
    expect(
      within(dialog).getByText('1. Mahnung', {
        selector: '.ant-select-content-value, .ant-select-selection-item, [title]',
      }),
    ).toBeTruthy();

    fireEvent.change(days, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Mahnung senden/ }));
    expect(
      await within(dialog).findByText('Die Zahlungsfrist muss zwischen 1 und 365 Tagen liegen.', {}, slow),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/send-reminder'))).toBe(false);

    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: ' Letzte Frist ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Mahnung senden/ }));
    await waitFor(
      () => expect(texts()).toContain('Diese Mahnstufe wurde bereits versendet. Bitte wählen Sie eine höhere Stufe.'),
      slow,
    );
    expect(calls.find((c) => c.url.endsWith('/send-reminder'))!.body).toEqual({
      reminderType: 'first_reminder',
      customDueDays: 30,
      notes: 'Letzte Frist',
    });
  });

  it('at level 4 nothing more can be sent', async () => {
    const last = anInvoice({ status: 'overdue', current_reminder_level: 4 });
    renderScreen(last, anInvoiceDetail({ ...last }));
    const detail = await openDetail('R-2026-0001');
    fireEvent.click(within(detail).getByRole('button', { name: /Mahnung verwalten/ }));
    expect(await screen.findByText('Die letzte Mahnstufe ist erreicht.', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Nächste Stufe senden/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mahnung senden/ })).toBeNull();
  });
});

describe('bank file import', () => {
  it('uploads the camt.054 file as multipart field «file» and shows matched, unmatched and duplicates', async () => {
    const { calls } = renderScreen(anInvoice(), null, {
      'POST /api/invoices/payments/import': {
        message: 'ok',
        version: 'camt.054.001.08',
        matched: [
          {
            invoice_id: 'i1',
            invoice_number: 'R-2026-0001',
            reference: '210000000003139471430009017',
            amount: 1081,
            payment_date: '2026-04-10',
            debtor_name: 'Hans Meier',
            status: 'paid',
            open_amount: 0,
          },
          {
            invoice_id: 'i2',
            invoice_number: 'R-2026-0002',
            reference: '210000000003139471430009025',
            amount: 100,
            payment_date: '2026-04-10',
            debtor_name: 'Keller GmbH',
            status: 'part_paid',
            open_amount: 150,
          },
        ],
        unmatched: [
          {
            id: '99999999-9999-4999-8999-999999999999',
            reference: 'RF18539007547034',
            amount: 42.5,
            currency: 'CHF',
            payment_date: '2026-04-10',
            debtor_name: 'Unbekannt AG',
            bank_reference: 'E9',
          },
        ],
        duplicates: [{ bank_reference: 'E7', reference: '210000000003139471430009033', amount: 12 }],
        ignored: [{ bank_reference: 'E8', reason: 'return', amount: 5 }],
      },
    });
    await screen.findByText('R-2026-0001');
    fireEvent.click(screen.getByRole('button', { name: /Bankdatei importieren/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('.xml');
    const file = new File(['<Document/>'], 'camt054.xml', { type: 'application/xml' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(
      () => expect(texts()).toContain('Bankdatei importiert: 2 zugeordnet, 1 nicht zugeordnet, 1 bereits importiert'),
      slow,
    );
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/invoices/payments/import')!;
    expect((post.body as FormData).get('file')).toBe(file);
    const text = dialog.textContent ?? '';
    expect(text).toContain('Zugeordnet (2)');
    expect(text).toContain('bezahlt');
    expect(text).toContain('teilweise bezahlt');
    expect(text).toContain('Offen: CHF 150.00');
    expect(text).toContain('Nicht zugeordnet (1)');
    expect(text).toContain('Unbekannt AG');
    expect(text).toContain('CHF 42.50');
    expect(text).toContain('RF18 5390 0754 7034');
    expect(text).toContain('Bereits importiert (1)');
    expect(text).toContain('1 Buchung (Rückbuchung, Storno oder nicht gebucht)');
  });

  it('a refused file says «Fehler beim Importieren der Bankdatei» with the server reason', async () => {
    renderScreen(anInvoice(), null, {
      'POST /api/invoices/payments/import': {
        status: 400,
        body: { error: 'Die Datei ist keine camt.054-Meldung (camt.053 erhalten)' },
      },
    });
    await screen.findByText('R-2026-0001');
    fireEvent.click(screen.getByRole('button', { name: /Bankdatei importieren/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<x/>'], 'camt053.xml', { type: 'text/xml' })] } });
    await waitFor(() => expect(texts()).toContain('Fehler beim Importieren der Bankdatei'), slow);
    expect(toasts.find((t) => t.text === 'Fehler beim Importieren der Bankdatei')?.detail).toContain('camt.053');
    expect(dialog.textContent).not.toContain('Zugeordnet (');
  });
});
