import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerDto } from '@zunft/contracts';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { mockFetch, type FetchCall } from '../../expenses/components/testData';
import { CustomersScreen } from './CustomersScreen';

function aCustomer(id: string, name: string, extra: Partial<CustomerDto> = {}): CustomerDto {
  return {
    id,
    name,
    contact_person: null,
    customer_number: `K-${id}`,
    email: null,
    phone: null,
    address: null,
    zip: null,
    city: null,
    po_box: null,
    country: 'CH',
    language: 'de',
    notes: null,
    projects_count: 0,
    active_projects_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** The list calls the screen made, as their query parameters. */
const listCalls = (calls: FetchCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/customers?'))
    .map((c) => Object.fromEntries(new URLSearchParams(c.url.split('?')[1])));

let restore: (() => void) | null = null;
/** When set, GET /customers/stats answers 500. */
let statsFail = false;

/** Renders the screen with `fetch` answering GET /customers like the server: search, then one page. */
function renderScreen(customers: CustomerDto[], route = '/customers'): FetchCall[] {
  const mock = mockFetch((method, url, body) => {
    if (method === 'POST' && url === '/api/customers') {
      const created = aCustomer(`n${customers.length + 1}`, (body as { name: string }).name, { email: 'neu@x.ch' });
      customers.push(created);
      return { status: 201, body: created };
    }
    if (method === 'GET' && url === '/api/customers/stats') {
      if (statsFail) return { status: 500, body: { error: 'Interner Serverfehler' } };
      return {
        status: 200,
        body: {
          total: customers.length,
          active_projects: customers.reduce((sum, c) => sum + c.active_projects_count, 0),
          with_email: customers.filter((c) => c.email).length,
          with_phone: customers.filter((c) => c.phone).length,
        },
      };
    }
    const archive = method === 'POST' ? /^\/api\/customers\/([^/]+)\/(archive|unarchive)$/.exec(url) : null;
    if (archive) {
      const customer = customers.find((c) => c.id === archive[1])!;
      customer.archived_at = archive[2] === 'archive' ? '2026-11-28T10:00:00.000Z' : null;
      return { status: 200, body: customer };
    }
    if (method !== 'GET' || !url.startsWith('/api/customers?')) return undefined;
    const params = new URLSearchParams(url.split('?')[1]);
    const needle = (params.get('search') ?? '').toLowerCase();
    const page = Number(params.get('page'));
    const pageSize = Number(params.get('pageSize'));
    const withArchived = params.get('includeArchived') === 'true';
    const matches = customers.filter(
      (c) =>
        (withArchived || !c.archived_at) &&
        [c.name, c.email, c.phone, c.city].some((v) => v?.toLowerCase().includes(needle)),
    );
    const items = matches.slice((page - 1) * pageSize, page * pageSize);
    return { status: 200, body: { items, total: matches.length, page, pageSize, nextCursor: null } };
  });
  restore = mock.restore;
  const Session = signedInAs('backoffice');
  renderWithProviders(
    <Session>
      <CustomersScreen />
      <LocationProbe />
    </Session>,
    { route },
  );
  return mock.calls;
}

afterEach(() => {
  restore?.();
  restore = null;
  statsFail = false;
  delete (globalThis as { __testWidth?: number }).__testWidth;
});

const many = (n: number) =>
  Array.from({ length: n }, (_, i) => aCustomer(String(i + 1), `Kunde ${String(i + 1).padStart(3, '0')}`));

describe('CustomersScreen', () => {
  it('archives a customer (issue 26): gone from the list, shown with «Archiviert» on request, restorable', async () => {
    const calls = renderScreen([aCustomer('1', 'Muster AG'), aCustomer('2', 'Keller GmbH')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Archivieren: Muster AG' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Archivieren' }));
    await waitFor(() => expect(screen.queryByText('Muster AG')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/customers/1/archive')).toBe(true);
    expect(screen.getByText('Keller GmbH')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('Muster AG')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toMatchObject({ includeArchived: 'true' });
    expect(screen.getByText('Archiviert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellen: Muster AG' }));
    await waitFor(() => expect(screen.queryByText('Archiviert')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/customers/1/unarchive')).toBe(true);
  });

  it('filters by the search box and says when nothing matches', async () => {
    renderScreen([
      aCustomer('1', 'Bäckerei Huber', { city: 'Bern', email: 'info@huber.ch' }),
      aCustomer('2', 'Garage Rossi', { city: 'Lugano', phone: '091 555 00 11' }),
    ]);
    expect((await screen.findAllByText('Bäckerei Huber')).length).toBeGreaterThan(0);
    const search = await screen.findByPlaceholderText('Kunden suchen...');
    fireEvent.change(search, { target: { value: 'lugano' } });
    await waitFor(() => expect(screen.queryByText('Bäckerei Huber')).toBeNull());
    expect(screen.getAllByText('Garage Rossi').length).toBeGreaterThan(0);
    fireEvent.change(search, { target: { value: 'Elektro' } });
    expect(await screen.findByText('Keine Kunden gefunden.')).toBeTruthy();
  });

  it('asks the server for one page of 50, shows its total and pages on the server', async () => {
    const customers = many(120).map((c, i) =>
      i % 3 === 0 ? { ...c, email: `k${i}@x.ch`, active_projects_count: 1 } : i % 4 === 0 ? { ...c, phone: '079' } : c,
    );
    const calls = renderScreen(customers);
    expect((await screen.findAllByText('Kunde 001')).length).toBeGreaterThan(0);
    expect(listCalls(calls)[0]).toEqual({ page: '1', pageSize: '50' });
    expect(screen.queryByText('Kunde 051')).toBeNull();
    // The cards count all 120 customers on the server (GET /customers/stats), not the 50 loaded.
    const card = (title: string) => screen.getByText(title).closest('.ant-card')?.textContent;
    await waitFor(() => expect(card('Kunden total')).toContain('120'));
    expect(card('Aktive Projekte')).toContain('40');
    expect(card('Mit E-Mail')).toContain('40');
    expect(card('Mit Telefon')).toContain('20');
    expect(calls.filter((c) => c.url === '/api/customers/stats')).toHaveLength(1);
    expect(screen.getByTitle('3')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect((await screen.findAllByText('Kunde 051')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Kunde 001')).toBeNull();
    expect(listCalls(calls).at(-1)).toEqual({ page: '2', pageSize: '50' });
  });

  it('a search goes to the server and starts again on page 1', async () => {
    const calls = renderScreen([...many(110), aCustomer('x', 'Garage Rossi', { city: 'Lugano' })]);
    fireEvent.click((await screen.findAllByTitle('2'))[0]!);
    await waitFor(() => expect(listCalls(calls).at(-1)?.page).toBe('2'));
    fireEvent.change(screen.getByPlaceholderText('Kunden suchen...'), { target: { value: 'lugano' } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ search: 'lugano', page: '1', pageSize: '50' }));
    expect((await screen.findAllByText('Garage Rossi')).length).toBeGreaterThan(0);
    // Typing is debounced: one request for the whole word, not one per letter.
    expect(listCalls(calls).filter((c) => c.search !== undefined)).toHaveLength(1);
  });

  it('on a phone the cards page with the same control', async () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    const calls = renderScreen(many(60));
    expect((await screen.findAllByText('Kunde 001')).length).toBeGreaterThan(0);
    const next = document.querySelector('.ant-pagination-simple .ant-pagination-next');
    expect(next).toBeTruthy();
    fireEvent.click(next!);
    expect((await screen.findAllByText('Kunde 060')).length).toBeGreaterThan(0);
    expect(listCalls(calls).at(-1)).toEqual({ page: '2', pageSize: '50' });
  });

  it('on a 390 px phone the card actions wrap instead of running past the card (issue 28)', async () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    const calls = renderScreen([aCustomer('1', 'Muster AG')]);
    const card = (await screen.findByText('Muster AG')).closest('.ant-card') as HTMLElement;
    const actions = within(card).getByTestId('customer-card-actions');
    // A wrapping row of three growing cells, not a joined Space.Compact (buttons there do not shrink).
    expect(actions.classList.contains('ant-flex-wrap-wrap')).toBe(true);
    expect(card.querySelector('.ant-space-compact')).toBeNull();
    expect(Array.from(actions.children).map((cell) => cell.textContent)).toEqual([
      'Bearbeiten',
      'Archivieren',
      'Löschen',
    ]);
    // The accessible names stay what the tests and e2e use.
    expect(within(card).getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Kunde «Muster AG» wirklich löschen?')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Archivieren: Muster AG' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Archivieren' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/customers/1/archive')).toBe(true));
  });

  it('shows the empty state with the first-customer hint', async () => {
    renderScreen([]);
    expect(await screen.findByText('Keine Kunden')).toBeTruthy();
    expect(screen.getByText('Erstellen Sie Ihren ersten Kunden.')).toBeTruthy();
  });

  it('shows the stat cards: total, active projects, with e-mail, with phone', async () => {
    renderScreen([
      aCustomer('1', 'A', { email: 'a@a.ch', phone: '1', active_projects_count: 2 }),
      aCustomer('2', 'B', { email: 'b@b.ch', active_projects_count: 1 }),
      aCustomer('3', 'C'),
    ]);
    const card = (title: string) => screen.getByText(title).closest('.ant-card')?.textContent;
    await screen.findByText('Kunden total');
    await waitFor(() => expect(card('Kunden total')).toContain('3'));
    expect(card('Aktive Projekte')).toContain('3');
    expect(card('Mit E-Mail')).toContain('2');
    expect(card('Mit Telefon')).toContain('1');
  });

  it('a failed stats call shows dashes, not made-up zeros; the list still loads', async () => {
    statsFail = true;
    renderScreen([aCustomer('1', 'A', { email: 'a@a.ch' })]);
    expect((await screen.findAllByText('A')).length).toBeGreaterThan(0);
    const card = (title: string) => screen.getByText(title).closest('.ant-card')?.textContent;
    await waitFor(() => expect(card('Mit E-Mail')).toContain('–'));
    expect(card('Kunden total')).toContain('–');
  });

  it('creating a customer refreshes the stat cards with the list', async () => {
    const calls = renderScreen([aCustomer('1', 'A')]);
    const card = (title: string) => screen.getByText(title).closest('.ant-card')?.textContent;
    await waitFor(() => expect(card('Kunden total')).toContain('1'));
    fireEvent.click((await screen.findAllByRole('button', { name: /Neuer Kunde/ }))[0]);
    fireEvent.change(await screen.findByLabelText('Firmenname / Name'), { target: { value: 'Garage Rossi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(card('Kunden total')).toContain('2'));
    expect(card('Mit E-Mail')).toContain('1');
    expect(calls.filter((c) => c.url === '/api/customers/stats').length).toBeGreaterThanOrEqual(2);
  });

  it('?action=create opens the dialog, removes the parameter and requires the name', async () => {
    renderScreen([], '/customers?action=create');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Neuer Kunde');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers'));
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    expect(await screen.findByText('Firmenname / Name ist erforderlich')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'kein-mail' } });
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeTruthy();
  });

  it('the create dialog: 640 px wide, the name has the focus, and it opens empty again after a cancel', async () => {
    renderScreen([]);
    fireEvent.click((await screen.findAllByRole('button', { name: /Neuer Kunde/ }))[0]);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.style.width).toBe('640px');
    const name = screen.getByLabelText('Firmenname / Name') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'Garage Rossi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(screen.getAllByRole('button', { name: /Neuer Kunde/ })[0]);
    await waitFor(() => expect((screen.getByLabelText('Firmenname / Name') as HTMLInputElement).value).toBe(''));
  });

  it('on a phone (390 px) the dialog takes the full width', async () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    renderScreen([], '/customers?action=create');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.style.width).toBe('100%');
  });
});
