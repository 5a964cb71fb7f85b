import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuoteDto } from '@zunft/contracts';
import { mockFetch } from '../../../test/fetch';
import { aQuote } from '../../../test/quotes';
import { renderWithProviders } from '../../../test/render';
import { collectToasts } from '../../../test/toasts';
import { QuotesScreen } from './QuotesScreen';

const toasts = collectToasts();
// antd popovers and dialogs mount slowly under jsdom on a busy machine.
const slow = { timeout: 15_000 };
const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  URL.createObjectURL = () => 'blob:signature';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
  (globalThis as { __testWidth?: number }).__testWidth = undefined;
});

const draft = aQuote();
const accepted = aQuote({
  id: '66666666-6666-4666-8666-666666666666',
  quote_number: 'A-2026-0002',
  title: 'Küchenumbau Keller',
  customer_name: 'Keller GmbH',
  status: 'accepted',
  total: 250,
  total_amount: 250,
  accepted_at: '2026-03-02T10:00:00.000Z',
  accepted_by_name: 'Hans Meier',
  has_signature: true,
});
const sent = aQuote({
  id: '77777777-7777-4777-8777-777777777777',
  quote_number: 'A-2026-0003',
  title: 'Boilerersatz',
  status: 'sent',
  total: 41.9,
  total_amount: 41.9,
});

/** The stat tile with this title (tiles and status tags share words like 'Angenommen'). */
function tile(title: string): string {
  const label = screen.getAllByText(title).find((el) => el.closest('.ant-tag') === null && el.closest('td') === null);
  return label?.closest('.ant-card')?.textContent ?? '';
}

/** The radio input of an option of the list/cards toggle. */
function viewOption(label: 'Liste' | 'Karten'): HTMLInputElement {
  return screen.getByText(label).closest('label')!.querySelector('input')!;
}

const LIST = '/api/quotes?page=1&pageSize=20';
const page = (items: QuoteDto[], total = items.length, n = 1) => ({ items, total, page: n, pageSize: 20 });
/** The stat cards over all quotes, as GET /quotes/stats counts them. */
const stats = (total: number, accepted: number, pending: number, totalValue: number) => ({
  'GET /api/quotes/stats': { total, accepted, pending, totalValue },
});

function renderScreen(quotes: QuoteDto[], extra: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({ [`GET ${LIST}`]: page(quotes), ...stats(quotes.length, 0, 0, 0), ...extra });
  return { calls, ...renderWithProviders(<QuotesScreen />) };
}

describe('QuotesScreen', () => {
  it('shows the tiles counted by the server over all quotes and one row per quote with status, amount and validity', async () => {
    const { calls } = renderScreen([draft, accepted, sent], stats(812, 301, 215, 1234567.85));
    await screen.findByText('Badsanierung Meier');
    await waitFor(() => expect(tile('Gesamt')).toContain('812'));
    expect(tile('Angenommen')).toContain('301');
    expect(tile('Ausstehend')).toContain('215');
    expect(tile('Gesamtwert CHF')).toMatch(/1.234.567\.85/);
    // One stats call, never the whole list.
    expect(calls.filter((c) => c.url === '/api/quotes/stats')).toHaveLength(1);
    expect(calls.some((c) => c.url === '/api/quotes')).toBe(false);

    const row = screen.getByText('Badsanierung Meier').closest('tr')!;
    expect(row.textContent).toContain('A-2026-0001');
    expect(row.textContent).toContain('Meier AG');
    expect(row.textContent).toContain('CHF 108.10');
    expect(row.textContent).toContain('Entwurf');
    expect(row.textContent).toContain('31.03.2026');
    expect(screen.getByText('Küchenumbau Keller').closest('tr')!.textContent).toContain('Angenommen');
    expect(screen.getByText('Boilerersatz').closest('tr')!.textContent).toContain('Versendet');

    // Send only for drafts; accepted quotes cannot be deleted or edited.
    expect(screen.getAllByRole('button', { name: 'Senden' })).toHaveLength(1);
    const acceptedRow = within(screen.getByText('Küchenumbau Keller').closest('tr')!);
    expect(acceptedRow.getByRole('button', { name: 'Löschen' }).hasAttribute('disabled')).toBe(true);
    expect(acceptedRow.getByRole('button', { name: 'Bearbeiten' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the empty state with the create-first button', async () => {
    renderScreen([]);
    expect(await screen.findByText('Keine Angebote')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Erstes Angebot erstellen/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('Neues Angebot');
  });

  it('searches and filters on the server and pages through the total', async () => {
    const { calls } = renderScreen([draft], {
      [`GET ${LIST}`]: page([draft], 45),
      'GET /api/quotes?page=2&pageSize=20': page([sent], 45, 2),
      'GET /api/quotes?status=sent&page=1&pageSize=20': page([sent]),
      'GET /api/quotes?status=sent&search=Boiler&page=1&pageSize=20': page([sent]),
      'GET /api/quotes?status=sent&search=nichts&page=1&pageSize=20': page([]),
    });
    await screen.findByText('Badsanierung Meier');
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Boilerersatz')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Versendet', {}, slow));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/quotes?status=sent&page=1&pageSize=20')).toBe(true));

    fireEvent.change(screen.getByRole('textbox', { name: 'Titel, Nummer oder Kunde suchen' }), {
      target: { value: 'Boiler' },
    });
    await waitFor(
      () => expect(calls.some((c) => c.url === '/api/quotes?status=sent&search=Boiler&page=1&pageSize=20')).toBe(true),
      slow,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Titel, Nummer oder Kunde suchen' }), {
      target: { value: 'nichts' },
    });
    expect(await screen.findByText('Keine Angebote für diese Filter.', {}, slow)).toBeTruthy();
    // Never the whole list.
    expect(calls.some((c) => c.url === '/api/quotes')).toBe(false);
  });

  it('says so when the list cannot be loaded', async () => {
    renderScreen([], { [`GET ${LIST}`]: { status: 503, body: {} } });
    expect(await screen.findByText('Fehler beim Laden der Angebote')).toBeTruthy();
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Fehler beim Laden der Angebote'));
  });

  it('sends a draft after confirmation and names the customer in the toast', async () => {
    const { calls } = renderScreen([draft], {
      [`POST /api/quotes/${draft.id}/send`]: {
        message: 'ok',
        sent_to: 'hans@meier.ch',
        quote: { ...draft, status: 'sent' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Senden' }));
    const confirm = await screen.findByRole('tooltip', {}, slow);
    expect(confirm.textContent).toContain('Angebot A-2026-0001 an Meier AG senden?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Angebot wurde an Meier AG gesendet'), slow);
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/quotes/${draft.id}/send`)).toBe(true);
  });

  it('opens the detail of an accepted quote with signer, signature and "Projekt erstellen"', async () => {
    const { calls } = renderScreen([accepted], {
      [`GET /api/quotes/${accepted.id}`]: accepted,
      [`GET /api/quotes/${accepted.id}/signature`]: { status: 200, blob: new Blob(['png'], { type: 'image/png' }) },
      [`POST /api/quotes/${accepted.id}/create-project`]: {
        status: 202,
        body: { message: 'ok', quote: { ...accepted, project_requested_at: '2026-03-03T08:00:00.000Z' } },
      },
    });
    fireEvent.click(await screen.findByText('Küchenumbau Keller'));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(dialog.textContent).toMatch(/Angenommen von Hans Meier am \d\d\.03\.2026/);
    expect(dialog.textContent).toContain('Rundung');
    const image = await within(dialog).findByRole('img', { name: 'Unterschrift von Hans Meier' });
    expect(image.getAttribute('src')).toBe('blob:signature');
    expect(within(dialog).queryByRole('button', { name: /Senden/ })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: /Projekt erstellen/ }));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Projekt wird erstellt'), slow);
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/create-project'))).toBe(true);
  });

  it('starts with cards on a phone; the list/cards toggle is there and switches to a table that scrolls by itself', async () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    renderScreen([draft, sent]);
    await screen.findByText('Badsanierung Meier');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByText('Neue Dusche und Lavabo')).toHaveLength(2); // cards show the description
    expect(screen.getByRole('button', { name: /Neues Angebot/ })).toBeTruthy();
    expect(viewOption('Karten').checked).toBe(true);

    fireEvent.click(viewOption('Liste'));
    const table = await screen.findByRole('table');
    expect(viewOption('Liste').checked).toBe(true);
    expect(screen.queryAllByText('Neue Dusche und Lavabo')).toHaveLength(0);
    const row = screen.getByText('Boilerersatz').closest('tr')!;
    expect(row.textContent).toContain('Versendet');
    expect(row.textContent).toContain('CHF 41.90');
    // Wider than the phone, so it scrolls inside its own container (not the page), title pinned left.
    const scroller = table.closest<HTMLElement>('.ant-table-content, .ant-table-body')!;
    expect(scroller.style.overflowX || scroller.style.overflow).toMatch(/auto|scroll/);
    expect(screen.getByText('Boilerersatz').closest('td')!.className).toContain('ant-table-cell-fix');

    fireEvent.click(viewOption('Karten'));
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.getAllByText('Neue Dusche und Lavabo')).toHaveLength(2);
  });

  it('starts with the list on a desktop and can switch to cards', async () => {
    renderScreen([draft]);
    await screen.findByRole('table');
    expect(viewOption('Liste').checked).toBe(true);
    fireEvent.click(viewOption('Karten'));
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.getByText('Neue Dusche und Lavabo')).toBeTruthy();
  });
});
