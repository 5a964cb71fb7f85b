import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExpenseDto, Role } from '@zunft/contracts';
import { formatCHF, toast, type ToastMessage } from '@zunft/web-common';
import { renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { ExpensesScreen } from './ExpensesScreen';
import {
  ADMIN_ID,
  BACKOFFICE_ID,
  EMPLOYEE_ID,
  aProject,
  aUserDto,
  anExpense,
  mockFetch,
  someStats,
  type FetchCall,
} from './testData';

const expenses: ExpenseDto[] = [
  anExpense({ id: 'e0000001-0000-4000-8000-000000000001', description: 'Zugticket Bern–Zürich', status: 'pending' }),
  anExpense({
    id: 'e0000001-0000-4000-8000-000000000002',
    description: 'Hotel Luzern',
    category: 'accommodation',
    amount: 1200,
    status: 'approved',
    receipt_path: null,
    receipt_filename: null,
    project_id: null,
    project_title: null,
  }),
  anExpense({
    id: 'e0000001-0000-4000-8000-000000000003',
    description: 'Mittagessen',
    category: 'meals',
    amount: 42,
    status: 'rejected',
    rejection_reason: 'Privat',
  }),
  anExpense({
    id: 'e0000001-0000-4000-8000-000000000004',
    description: 'Druckerpapier',
    category: 'office',
    amount: 19.9,
    user_id: ADMIN_ID,
    first_name: 'Anna',
    last_name: 'Muster',
  }),
];

let restore: (() => void) | null = null;
let unsubscribe: (() => void) | null = null;
afterEach(() => {
  restore?.();
  unsubscribe?.();
  restore = unsubscribe = null;
  delete (globalThis as { __testWidth?: number }).__testWidth;
});

function collectToasts(): ToastMessage[] {
  const toasts: ToastMessage[] = [];
  unsubscribe = toast.subscribe((m) => toasts.push(m));
  return toasts;
}

/** The server's answer to a list call: the page of `list` the call asks for, with the total. */
function aPage(list: ExpenseDto[], url: string) {
  const params = new URLSearchParams(url.split('?')[1] ?? '');
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 50);
  return { items: list.slice((page - 1) * pageSize, page * pageSize), total: list.length, page, pageSize };
}

/** Renders the screen with `fetch` answering the screen's calls from the given data. */
function renderAs(
  role: Role,
  {
    list = expenses,
    failList = false,
    failStats = false,
    userId,
  }: { list?: ExpenseDto[]; failList?: boolean; failStats?: boolean; userId?: string } = {},
): FetchCall[] {
  const mock = mockFetch((method, url) => {
    if (method === 'GET' && url.endsWith('/receipt'))
      return url.includes('000000000003')
        ? { status: 404, body: { error: 'Kein Beleg vorhanden' } }
        : { status: 200, blob: { type: 'application/pdf', bytes: '%PDF-1.7' } };
    if (method === 'GET' && url.startsWith('/api/expenses/stats/summary'))
      return failStats ? { status: 500, body: 'kaputt' } : { status: 200, body: someStats() };
    if (method === 'GET' && url.startsWith('/api/expenses'))
      return failList ? { status: 500, body: 'kaputt' } : { status: 200, body: aPage(list, url) };
    if (method === 'GET' && url.startsWith('/api/projects?'))
      return { status: 200, body: { items: [aProject], total: 1, page: 1, pageSize: 20, nextCursor: null } };
    if (method === 'GET' && url === '/api/users')
      return {
        status: 200,
        body: [aUserDto({}), aUserDto({ id: ADMIN_ID, first_name: 'Anna', last_name: 'Muster', role: 'admin' })],
      };
    if (method === 'POST' && url.endsWith('/approve')) return { status: 200, body: { ...list[0], status: 'approved' } };
    if (method === 'POST' && url.endsWith('/reject')) return { status: 200, body: { ...list[0], status: 'rejected' } };
    return undefined;
  });
  restore = mock.restore;
  const Session = signedInAs(role, userId ? { id: userId } : {});
  renderWithProviders(
    <Session>
      <ExpensesScreen />
    </Session>,
    { route: '/expenses' },
  );
  return mock.calls;
}

const tile = (title: string) =>
  (screen
    .getAllByText(title)
    .map((el) => el.closest('.ant-card'))
    .find((c) => c?.getAttribute('role') === 'group')?.textContent ?? '') as string;
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('ExpensesScreen (part 2 §2, §6, §8)', () => {
  it('the office sees the tiles, the employee column and filter; approve/reject only on pending rows', async () => {
    const calls = renderAs('admin');
    expect(await screen.findByText('Spesenabrechnung')).toBeTruthy();
    await screen.findByText('Zugticket Bern–Zürich');
    await waitFor(() => expect(tile('Gesamt')).toContain(formatCHF(1284.5)));
    expect(tile('Gesamt')).toContain('3 Spesen');
    expect(tile('Ausstehend')).toContain(formatCHF(42.5));
    expect(tile('Ausstehend')).toContain('1 Spese');
    expect(tile('Genehmigt')).toContain(formatCHF(1200));
    expect(tile('Abgelehnt')).toContain(formatCHF(42));
    expect(screen.getByRole('button', { name: /Neue Spese/ })).toBeTruthy();

    expect(screen.getByRole('columnheader', { name: 'Mitarbeiter' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Nach Mitarbeitenden filtern' })).toBeTruthy();
    const pending = row('Zugticket Bern–Zürich');
    expect(pending.textContent).toContain('Badsanierung Meier');
    expect(pending.textContent).toContain('Beat Arbeiter');
    expect(pending.textContent).toContain('Transport');
    expect(pending.textContent).toContain(formatCHF(42.5));
    expect(pending.textContent).toContain('14.03.2026');
    expect(within(pending).getByText('Ausstehend')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Genehmigen' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Beleg herunterladen' })).toBeTruthy();
    // Someone else's expense: no edit/delete for the office (part 2 §6).
    expect(within(pending).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();

    const approved = row('Hotel Luzern');
    expect(within(approved).getByText('Kein Beleg')).toBeTruthy();
    expect(within(approved).queryByRole('button', { name: 'Genehmigen' })).toBeNull();
    expect(within(row('Mittagessen')).getByText('Abgelehnt: Privat')).toBeTruthy();
    // Not even the office's own pending expense can be changed: it is approved or rejected (part 2 §6).
    const own = row('Druckerpapier');
    expect(within(own).getByRole('button', { name: 'Genehmigen' })).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/users')).toBe(true);
  }, 60_000);

  it('backoffice: no edit/delete on any expense, not even on the own pending one (part 2 §4, §6)', async () => {
    const own = anExpense({
      id: 'e0000001-0000-4000-8000-000000000005',
      description: 'Parkgebühr',
      user_id: BACKOFFICE_ID,
      first_name: 'Bea',
      last_name: 'Büro',
    });
    renderAs('backoffice', { list: [...expenses, own], userId: BACKOFFICE_ID });
    await screen.findByText('Parkgebühr');
    const ownRow = row('Parkgebühr');
    expect(within(ownRow).getByText('Ausstehend')).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: 'Genehmigen' })).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
    expect(within(ownRow).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(within(ownRow).queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
    // Claiming stays open to the office.
    expect(screen.getByRole('button', { name: /Neue Spese/ })).toBeTruthy();
  }, 60_000);

  it('approve calls the server and says «Spese genehmigt!»', async () => {
    const toasts = collectToasts();
    const calls = renderAs('backoffice');
    await screen.findByText('Zugticket Bern–Zürich');
    fireEvent.click(within(row('Zugticket Bern–Zürich')).getByRole('button', { name: 'Genehmigen' }));
    await waitFor(() => expect(toasts.map((m) => [m.type, m.text])).toContainEqual(['success', 'Spese genehmigt!']));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/expenses/${expenses[0]!.id}/approve`);
  }, 60_000);

  it('reject needs a reason, then sends it and says «Spese abgelehnt!»', async () => {
    const toasts = collectToasts();
    const calls = renderAs('admin');
    await screen.findByText('Zugticket Bern–Zürich');
    fireEvent.click(within(row('Zugticket Bern–Zürich')).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Spese ablehnen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Begründung ist erforderlich')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/reject'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Begründung'), { target: { value: '  Beleg fehlt ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Spese abgelehnt!'));
    const reject = calls.find((c) => c.url.endsWith('/reject'));
    expect(reject).toEqual({
      method: 'POST',
      url: `/api/expenses/${expenses[0]!.id}/reject`,
      body: { reason: 'Beleg fehlt' },
    });
  }, 60_000);

  it('employees: no employee column or filter, no approve; edit/delete only on their own pending expenses', async () => {
    const own = expenses.slice(0, 3);
    const calls = renderAs('employee', { list: own, userId: EMPLOYEE_ID });
    await screen.findByText('Zugticket Bern–Zürich');
    await screen.findByText('Gesamt');
    expect(screen.queryByRole('columnheader', { name: 'Mitarbeiter' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Nach Mitarbeitenden filtern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Genehmigen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ablehnen' })).toBeNull();
    expect(within(row('Zugticket Bern–Zürich')).getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    expect(within(row('Zugticket Bern–Zürich')).getByRole('button', { name: 'Löschen' })).toBeTruthy();
    expect(within(row('Hotel Luzern')).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(within(row('Mittagessen')).queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/users')).toBe(false);

    // Delete asks first.
    fireEvent.click(within(row('Zugticket Bern–Zürich')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Spese «Zugticket Bern–Zürich» wirklich löschen?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  }, 60_000);

  it('the status filter asks the server for that status', async () => {
    const calls = renderAs('employee', { userId: EMPLOYEE_ID });
    await screen.findByText('Zugticket Bern–Zürich');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Nach Status filtern' }));
    fireEvent.click(await screen.findByTitle('Genehmigt'));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/expenses?status=approved&page=1&pageSize=50'));
  }, 60_000);

  it('pages on the server: total from the server, page 2 asked for, a filter starts on page 1 again', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      anExpense({ id: `e0000002-0000-4000-8000-${String(i).padStart(12, '0')}`, description: `Spese ${i + 1}` }),
    );
    const calls = renderAs('employee', { list: many, userId: EMPLOYEE_ID });
    await screen.findByText('Spese 1');
    const lists = () =>
      calls.filter((c) => c.method === 'GET' && /^\/api\/expenses(\?|$)/.test(c.url)).map((c) => c.url);
    expect(lists()[0]).toBe('/api/expenses?page=1&pageSize=50');
    expect(screen.getByText('120 Spesen')).toBeTruthy();
    expect(screen.queryByText('Spese 51')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Spese 51')).toBeTruthy();
    expect(lists().at(-1)).toBe('/api/expenses?page=2&pageSize=50');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Nach Status filtern' }));
    fireEvent.click(await screen.findByTitle('Genehmigt'));
    await waitFor(() => expect(lists().at(-1)).toBe('/api/expenses?status=approved&page=1&pageSize=50'));
  }, 60_000);

  it('empty state «Keine Spesen»; a failed load says «Fehler beim Laden der Spesen»', async () => {
    renderAs('employee', { list: [] });
    expect(await screen.findByText('Keine Spesen')).toBeTruthy();
    restore?.();
    const toasts = collectToasts();
    renderAs('employee', { failList: true });
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Fehler beim Laden der Spesen'));
  }, 60_000);

  it('list and tiles both failing: one «Fehler beim Laden der Spesen», and one more per later failure', async () => {
    const toasts = collectToasts();
    const loadErrors = () => toasts.filter((m) => m.text === 'Fehler beim Laden der Spesen');
    const calls = renderAs('employee', { failList: true, failStats: true, userId: EMPLOYEE_ID });
    const retry = await screen.findByRole('button', { name: 'Erneut versuchen' });
    await waitFor(() => expect(loadErrors()).toHaveLength(1));
    expect(calls.filter((c) => c.url.startsWith('/api/expenses/stats/summary'))).toHaveLength(1);
    // Both answers are in; give any second toast the chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loadErrors()).toHaveLength(1);

    // Retrying the list fails again: that is a new failure, so one new toast (not two, not none).
    fireEvent.click(retry);
    await waitFor(() => expect(loadErrors()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loadErrors()).toHaveLength(2);
  }, 60_000);

  it('downloads the receipt as beleg-<date>.pdf; a failure says «Fehler beim Herunterladen des Belegs»', async () => {
    const toasts = collectToasts();
    const saved: string[] = [];
    const urlApi = URL as unknown as { createObjectURL?: unknown; revokeObjectURL?: unknown };
    const original = { create: urlApi.createObjectURL, revoke: urlApi.revokeObjectURL };
    urlApi.createObjectURL = () => 'blob:beleg';
    urlApi.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const list = [expenses[0]!, { ...expenses[2]!, receipt_path: `/api/expenses/${expenses[2]!.id}/receipt` }];
      renderAs('admin', { list });
      await screen.findByText('Zugticket Bern–Zürich');
      fireEvent.click(within(row('Zugticket Bern–Zürich')).getByRole('button', { name: 'Beleg herunterladen' }));
      await waitFor(() => expect(saved).toEqual(['beleg-2026-03-14.pdf']));
      fireEvent.click(within(row('Mittagessen')).getByRole('button', { name: 'Beleg herunterladen' }));
      await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Fehler beim Herunterladen des Belegs'));
    } finally {
      HTMLAnchorElement.prototype.click = click;
      urlApi.createObjectURL = original.create;
      urlApi.revokeObjectURL = original.revoke;
    }
  }, 60_000);

  it('on a phone (390 px) every expense is a card instead of a table row', async () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    renderAs('admin');
    await screen.findByText('Zugticket Bern–Zürich');
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const first = cards[0]!;
    expect(first.textContent).toContain(formatCHF(42.5));
    expect(first.textContent).toContain('Beat Arbeiter');
    expect(within(first).getByRole('button', { name: 'Genehmigen' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Beleg herunterladen' })).toBeTruthy();
    expect(within(cards[1]!).getByText('Kein Beleg')).toBeTruthy();
  }, 60_000);
});
