import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceDto } from '@zunft/contracts';
import { mockFetch } from '../../../test/fetch';
import { aCustomer, aQuote } from '../../../test/quotes';
import { renderWithProviders, signedInAs } from '../../../test/render';
import { collectToasts } from '../../../test/toasts';
import { anInvoice, anInvoiceDetail, someStats } from '../testing/invoices.fixtures';
import { InvoicesScreen } from './InvoicesScreen';

const Office = signedInAs('backoffice');
const toasts = collectToasts();
const slow = { timeout: 15_000 };
const LIST = '/api/invoices?page=1&pageSize=20';
const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  URL.createObjectURL = () => 'blob:invoice';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
  (globalThis as { __testWidth?: number }).__testWidth = undefined;
});

const sent = anInvoice();
const draft = anInvoice({
  id: '88888888-8888-4888-8888-888888888882',
  invoice_number: 'R-2026-0002',
  customer_name: 'Keller GmbH',
  project_title: null,
  status: 'draft',
  total_amount: 250,
  open_amount: 250,
});
const paid = anInvoice({
  id: '88888888-8888-4888-8888-888888888883',
  invoice_number: 'R-2026-0003',
  status: 'paid',
  total_amount: 1014.5,
  paid_amount: 1014.5,
  open_amount: 0,
});
const page = (items: InvoiceDto[], total = items.length) => ({ items, total, page: 1, pageSize: 20 });
const texts = () => toasts.map((t) => t.text);

/** The stat tile with this title (tiles and status tags share words like 'Bezahlt'). */
function tile(title: string): string {
  const label = screen.getAllByText(title).find((el) => el.closest('.ant-tag') === null && el.closest('td') === null);
  return label?.closest('.ant-card')?.textContent ?? '';
}

function viewOption(label: 'Liste' | 'Karten'): HTMLInputElement {
  return screen.getByText(label).closest('label')!.querySelector('input')!;
}

function renderScreen(invoices: InvoiceDto[], extra: Parameters<typeof mockFetch>[0] = {}, Who = Office) {
  const calls = mockFetch({
    [`GET ${LIST}`]: page(invoices),
    'GET /api/invoices/stats': someStats(),
    'GET /api/invoices/payments/unmatched?status=open&page=1&pageSize=200': {
      items: [],
      total: 0,
      page: 1,
      pageSize: 200,
    },
    'GET /api/customers?page=1&pageSize=20': {
      items: [aCustomer(), aCustomer({ id: '44444444-4444-4444-8444-444444444445', name: 'Keller GmbH' })],
      total: 2,
      page: 1,
      pageSize: 20,
    },
    // The list's filter asks for archived customers too (issue 26): their invoices stay in the list.
    'GET /api/customers?includeArchived=true&page=1&pageSize=20': {
      items: [
        aCustomer(),
        aCustomer({
          id: '44444444-4444-4444-8444-444444444446',
          name: 'Alt AG',
          archived_at: '2026-11-20T10:00:00.000Z',
        }),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    },
    ...extra,
  });
  return {
    calls,
    ...renderWithProviders(
      <Who>
        <InvoicesScreen />
      </Who>,
    ),
  };
}

describe('InvoicesScreen', () => {
  it('shows the four tiles from /invoices/stats and one row per invoice', async () => {
    renderScreen([sent, draft, paid]);
    await screen.findByText('R-2026-0001');
    await waitFor(() => expect(tile('Rechnungen total')).toContain('3'));
    expect(tile('Bezahlt')).toContain('1');
    expect(tile('Ausstehend')).toContain('2');
    expect(tile('Gesamtbetrag CHF')).toContain("2'345.50");

    const row = screen.getByText('R-2026-0001').closest('tr')!;
    expect(row.textContent).toContain('Meier AG');
    expect(row.textContent).toContain('Badsanierung Meier');
    expect(row.textContent).toContain("CHF 1'081.00");
    expect(row.textContent).toContain('Versendet');
    expect(row.textContent).toContain('31.03.2026');
    expect(row.textContent).toContain('Keine');
    expect(screen.getByText('R-2026-0002').closest('tr')!.textContent).toContain('Entwurf');

    // Send only for drafts, the quick reminder only for sent/overdue, no delete for paid invoices.
    expect(within(screen.getByText('R-2026-0002').closest('tr')!).getByRole('button', { name: 'Senden' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Senden' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Nächste Mahnstufe senden' })).toHaveLength(1);
    const paidRow = within(screen.getByText('R-2026-0003').closest('tr')!);
    expect(paidRow.getByRole('button', { name: 'Löschen' }).hasAttribute('disabled')).toBe(true);
  });

  it('the read-only accountant (issue 26) sees the invoices and their PDFs, no write button', async () => {
    renderScreen([sent, draft, paid], {}, signedInAs('accountant'));
    await screen.findByText('R-2026-0001');
    expect(screen.getAllByRole('button', { name: 'PDF' }).length).toBeGreaterThanOrEqual(3);
    for (const name of [
      'Senden',
      'Nächste Mahnstufe senden',
      'Löschen',
      'Bearbeiten',
      'Neue Rechnung',
      'Bankdatei importieren',
    ]) {
      expect(screen.queryAllByRole('button', { name })).toHaveLength(0);
    }
  });

  it('shows «Keine Rechnungen» with a create button that opens «Neue Rechnung»', async () => {
    renderScreen([]);
    expect(await screen.findByText('Keine Rechnungen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Rechnung erstellen/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(dialog.textContent).toContain('Neue Rechnung');
  });

  it('says «Fehler beim Laden der Rechnungen» when the list fails', async () => {
    renderScreen([], { [`GET ${LIST}`]: { status: 503, body: {} } });
    expect(await screen.findByText('Fehler beim Laden der Rechnungen')).toBeTruthy();
    await waitFor(() => expect(texts()).toContain('Fehler beim Laden der Rechnungen'));
  });

  it('filters by status, customer and text on the server and starts again on page 1', async () => {
    const { calls } = renderScreen([sent], {
      'GET /api/invoices?status=paid&page=1&pageSize=20': page([paid]),
      [`GET /api/invoices?status=paid&customerId=${aCustomer().id}&page=1&pageSize=20`]: page([paid]),
      [`GET /api/invoices?status=paid&customerId=${aCustomer().id}&search=0003&page=1&pageSize=20`]: page([]),
    });
    await screen.findByText('R-2026-0001');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Bezahlt'));
    await screen.findByText('R-2026-0003', {}, slow);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kunde' }));
    // Archived customers are offered here (their invoices are still listed), unlike in the dialogs.
    expect(await screen.findByTitle('Alt AG')).toBeTruthy();
    fireEvent.click(await screen.findByTitle('Meier AG'));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        `/api/invoices?status=paid&customerId=${aCustomer().id}&page=1&pageSize=20`,
      ),
    );

    fireEvent.change(screen.getByRole('textbox', { name: /suchen/ }), { target: { value: '0003' } });
    expect(await screen.findByText('Keine Rechnungen für diese Filter.', {}, slow)).toBeTruthy();
    // The customer filter asked the server for 20 matches, never for the whole list (issue 13).
    expect(calls.some((c) => c.url === '/api/customers')).toBe(false);
  });

  it('pages through a long list', async () => {
    const { calls } = renderScreen([], {
      [`GET ${LIST}`]: page([sent], 45),
      'GET /api/invoices?page=2&pageSize=20': { items: [paid], total: 45, page: 2, pageSize: 20 },
    });
    await screen.findByText('R-2026-0001');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('R-2026-0003', {}, slow);
    expect(calls.map((c) => c.url)).toContain('/api/invoices?page=2&pageSize=20');
  });

  it('downloads the PDF as Rechnung-<number>.pdf', async () => {
    renderScreen([sent], {
      [`GET /api/invoices/${sent.id}/download`]: { status: 200, blob: new Blob(['%PDF'], { type: 'application/pdf' }) },
    });
    const clicked: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'PDF' }));
      await waitFor(() => expect(texts()).toContain('PDF wurde heruntergeladen'));
      expect(clicked).toEqual(['Rechnung-R-2026-0001.pdf']);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('a failed download says «Fehler beim Herunterladen der Rechnung» with the server reason', async () => {
    renderScreen([sent], {
      [`GET /api/invoices/${sent.id}/download`]: {
        status: 400,
        body: { error: 'Für den QR-Einzahlungsschein fehlt: IBAN' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(texts()).toContain('Fehler beim Herunterladen der Rechnung'));
    expect(toasts.find((t) => t.text === 'Fehler beim Herunterladen der Rechnung')?.detail).toContain('IBAN');
  });

  it('sends a draft after confirmation', async () => {
    const { calls } = renderScreen([draft], {
      [`POST /api/invoices/${draft.id}/send`]: { message: 'ok' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Senden' }));
    const confirm = await screen.findByRole('tooltip', {}, slow);
    expect(confirm.textContent).toContain('Rechnung R-2026-0002 an Keller GmbH senden?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(texts()).toContain('Rechnung wurde an Keller GmbH gesendet'), slow);
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/invoices/${draft.id}/send`)).toBe(true);
  });

  it('the quick reminder sends an empty payload and shows the server message', async () => {
    const { calls } = renderScreen([sent], {
      [`POST /api/invoices/${sent.id}/send-reminder`]: { data: { message: 'Erinnerung wurde versendet' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nächste Mahnstufe senden' }));
    const confirm = await screen.findByRole('tooltip', {}, slow);
    expect(confirm.textContent).toContain('Erinnerung für Rechnung R-2026-0001 senden?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(texts()).toContain('Erinnerung wurde versendet'), slow);
    expect(calls.find((c) => c.url.endsWith('/send-reminder'))!.body).toEqual({});
  });

  it('deletes an invoice after confirmation; editing shows the future-version info', async () => {
    const { calls } = renderScreen([sent], {
      [`DELETE /api/invoices/${sent.id}`]: { message: 'Rechnung erfolgreich gelöscht' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    expect(texts()).toContain('Bearbeitung wird in einer zukünftigen Version verfügbar sein');
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    const confirm = await screen.findByRole('tooltip', {}, slow);
    expect(confirm.textContent).toContain('Rechnung R-2026-0001 wirklich löschen?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(texts()).toContain('Rechnung gelöscht'), slow);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('starts with cards on a phone (reminder details and PDF on every card) and can switch to the list', async () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    renderScreen([sent, paid], {
      [`GET ${LIST}`]: page([
        anInvoice({ current_reminder_level: 1, last_reminder_sent_at: '2026-04-02T08:00:00Z' }),
        paid,
      ]),
    });
    await screen.findByText('R-2026-0001');
    expect(screen.queryByRole('table')).toBeNull();
    expect(viewOption('Karten').checked).toBe(true);
    expect(screen.getByText(/Mahnstufe: Erinnerung · Letzte Mahnung: 02.04.2026/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'PDF' })).toHaveLength(2);
    fireEvent.click(viewOption('Liste'));
    const table = await screen.findByRole('table');
    const scroller = table.closest<HTMLElement>('.ant-table-content, .ant-table-body')!;
    expect(scroller.style.overflowX || scroller.style.overflow).toMatch(/auto|scroll/);
  });

  it('creates an invoice from an accepted quote', async () => {
    const accepted = aQuote({ status: 'accepted', quote_number: 'A-2026-0009', title: 'Küche' });
    const { calls } = renderScreen([sent], {
      'GET /api/quotes?status=accepted&page=1&pageSize=20': { items: [accepted], total: 1, page: 1, pageSize: 20 },
      'POST /api/invoices': { status: 201, body: anInvoiceDetail({ invoice_number: 'R-2026-0010' }) },
    });
    await screen.findByText('R-2026-0001');
    fireEvent.click(screen.getByRole('button', { name: /Neue Rechnung/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Angebot' }));
    // The server's accepted quotes are offered (status=accepted, first 20).
    const option = await screen.findByTitle(/A-2026-0009 · Küche · Meier AG/);
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechnung erstellen' }));
    await waitFor(() => expect(texts()).toContain('Rechnung R-2026-0010 erstellt'), slow);
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/invoices')!.body).toEqual({ quoteId: accepted.id });
  });

  it('creates an invoice from free lines for a customer', async () => {
    const { calls } = renderScreen([sent], {
      'GET /api/quotes?status=accepted&page=1&pageSize=20': { items: [], total: 0, page: 1, pageSize: 20 },
      'GET /api/customers?page=1&pageSize=20': {
        items: [aCustomer(), aCustomer({ id: '44444444-4444-4444-8444-444444444445', name: 'Keller GmbH' })],
        total: 2,
        page: 1,
        pageSize: 20,
      },
      'GET /api/customers?search=Kel&page=1&pageSize=20': {
        items: [aCustomer({ id: '44444444-4444-4444-8444-444444444445', name: 'Keller GmbH' })],
        total: 1,
        page: 1,
        pageSize: 20,
      },
      'POST /api/invoices': { status: 201, body: anInvoiceDetail({ invoice_number: 'R-2026-0011' }) },
    });
    await screen.findByText('R-2026-0001');
    fireEvent.click(screen.getByRole('button', { name: /Neue Rechnung/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByText('Freie Positionen'));
    // Nothing chosen: the German messages, no call.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechnung erstellen' }));
    expect(await within(dialog).findByText('Bitte wählen Sie einen Kunden.', {}, slow)).toBeTruthy();
    expect(within(dialog).getByText('Bitte geben Sie eine Bezeichnung ein.')).toBeTruthy();

    // The customer select searches the server.
    const customer = within(dialog).getByRole('combobox', { name: 'Kunde' });
    fireEvent.mouseDown(customer);
    fireEvent.change(customer, { target: { value: 'Kel' } });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/customers?search=Kel&page=1&pageSize=20')).toBe(true));
    // The dialog offers active customers only: a new invoice for an archived one is refused (issue 26).
    expect(calls.some((c) => c.url.includes('search=Kel') && c.url.includes('includeArchived'))).toBe(false);
    const options = await screen.findAllByTitle('Keller GmbH');
    fireEvent.click(options[options.length - 1]!);
    fireEvent.change(within(dialog).getByLabelText('Bezeichnung'), { target: { value: 'Pauschale Boilerersatz' } });
    fireEvent.change(within(dialog).getByLabelText('Einzelpreis'), { target: { value: '1200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechnung erstellen' }));
    await waitFor(() => expect(texts()).toContain('Rechnung R-2026-0011 erstellt'), slow);
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/invoices')!.body).toEqual({
      customerId: '44444444-4444-4444-8444-444444444445',
      items: [{ title: 'Pauschale Boilerersatz', quantity: 1, unit: 'Stk', unitPrice: 1200 }],
    });
  });
});
