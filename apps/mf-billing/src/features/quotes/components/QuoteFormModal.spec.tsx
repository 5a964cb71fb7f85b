import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuoteDto } from '@zunft/contracts';
import { mockFetch, type RecordedCall } from '../../../test/fetch';
import { aCustomer, aMaterial, aQuote } from '../../../test/quotes';
import { renderWithProviders } from '../../../test/render';
import { collectToasts } from '../../../test/toasts';
import { QuoteFormModal } from './QuoteFormModal';

const toasts = collectToasts();

const settings = { default_hourly_rate: 95.5, vat_rate: 8.1 };
const materials = [
  aMaterial(),
  aMaterial({ id: '22222222-2222-4222-8222-222222222222', name: 'Abzweiger T 15', unit: 'Stk', unit_price: 2.8 }),
  aMaterial({ id: '99999999-9999-4999-8999-999999999999', name: 'Altes Ventil', is_active: false }),
];

/** The customer select's first page (it searches the server, never the whole list). */
const CUSTOMERS = '/api/customers?page=1&pageSize=20';
const customerPage = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

/** The material picker's calls: the server searches the term and answers 20 at a time. */
const MATERIALS = '/api/materials?page=1&pageSize=20';
const materialSearch = (term: string) => `/api/materials?search=${encodeURIComponent(term)}&page=1&pageSize=20`;
const materialPage = (items: unknown[], nextCursor: string | null = null) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  nextCursor,
});
/** Every material call asked the server for one small page, never for the whole catalogue. */
const materialCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.startsWith('/api/materials'));
const expectOnlyPagedMaterialCalls = (calls: RecordedCall[]) => {
  expect(materialCalls(calls).length).toBeGreaterThan(0);
  for (const call of materialCalls(calls)) {
    expect(new URL(call.url, 'http://x').searchParams.get('pageSize')).toBe('20');
  }
};
const openPicker = async () => {
  fireEvent.click(screen.getByRole('button', { name: /Materialien importieren/ }));
  const search = await screen.findByPlaceholderText('Material suchen...');
  return search.closest<HTMLElement>('.ant-modal')!;
};
const typeInto = (input: HTMLElement, text: string) => {
  // Key by key, as a user types: only the settled term goes to the server.
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: text.slice(0, i) } });
};

function renderForm(extra: Parameters<typeof mockFetch>[0] = {}, quote: QuoteDto | null = null) {
  const calls = mockFetch({
    [`GET ${CUSTOMERS}`]: customerPage([aCustomer()]),
    'GET /api/companies/settings': settings,
    [`GET ${MATERIALS}`]: materialPage(materials),
    ...extra,
  });
  const onClose = jest.fn();
  renderWithProviders(<QuoteFormModal open quote={quote} initial={null} onClose={onClose} />);
  return { calls, onClose };
}

const row = (n: number) => screen.getByRole('group', { name: `Position ${n}` });
const totalText = (id: string) => screen.getByTestId(`totals-${id}`).textContent;
/** The confirmation before a sent quote is saved (antd names its title twice). */
const sentConfirm = async () =>
  (await screen.findAllByText('Versendetes Angebot ändern?', {}, { timeout: 15_000 }))[0]!.closest<HTMLElement>(
    '.ant-modal',
  )!;

describe('QuoteFormModal', () => {
  it('opens a new quote with one empty material item and computes live totals with 5-Rappen rounding', async () => {
    renderForm();
    await screen.findByRole('group', { name: 'Position 1' });
    expect(screen.queryByRole('group', { name: 'Position 2' })).toBeNull();
    expect(within(row(1)).getByRole('combobox', { name: 'Typ' })).toBeTruthy();
    expect(within(row(1)).getByText('Material')).toBeTruthy();
    expect((within(row(1)).getByLabelText('Einheit') as HTMLInputElement).value).toBe('Stk');
    expect((screen.getByLabelText('MWST %') as HTMLInputElement).value).toBe('8.1');

    // 1 × 10.01 → VAT 0.81 → 10.82 → rounded down to 10.80 (rounding −0.02)
    fireEvent.change(within(row(1)).getByLabelText('Einzelpreis'), { target: { value: '10.01' } });
    await waitFor(() => expect(totalText('total')).toBe('10.80'));
    expect(totalText('subtotal')).toBe('CHF 10.01');
    expect(totalText('vat')).toBe('CHF 0.81');
    expect(totalText('rounding')).toBe('CHF -0.02');
    expect(screen.getByTestId('item-total-0').textContent).toBe('CHF 10.01');

    // discount 10 % and travel allowance 5: 10.01 − 1.00 + 5 = 14.01, VAT 1.13 → 15.14 → 15.15
    fireEvent.change(screen.getByLabelText('Rabatt %'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Reisepauschale CHF'), { target: { value: '5' } });
    await waitFor(() => expect(totalText('total')).toBe('15.15'));
    expect(totalText('discount')).toBe('− CHF 1.00');
    expect(totalText('net')).toBe('CHF 14.01');
    expect(totalText('vat')).toBe('CHF 1.13');
    expect(totalText('rounding')).toBe('CHF 0.01');
  });

  it('labor sets unit h and the company hourly rate; material sets Stk again', async () => {
    const { calls } = renderForm();
    await screen.findByRole('group', { name: 'Position 1' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/companies/settings')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Position hinzufügen/ }));
    const second = await screen.findByRole('group', { name: 'Position 2' });

    fireEvent.mouseDown(within(second).getByRole('combobox', { name: 'Typ' }));
    fireEvent.click(await screen.findByTitle('Arbeit'));
    await waitFor(() => expect((within(second).getByLabelText('Einheit') as HTMLInputElement).value).toBe('h'));
    expect((within(second).getByLabelText('Einzelpreis') as HTMLInputElement).value).toBe('95.50');
    fireEvent.change(within(second).getByLabelText('Menge'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('item-total-1').textContent).toBe('CHF 191.00'));

    fireEvent.mouseDown(within(second).getByRole('combobox', { name: 'Typ' }));
    const options = await screen.findAllByTitle('Sonstiges');
    fireEvent.click(options[options.length - 1]!);
    await waitFor(() => expect((within(second).getByLabelText('Einheit') as HTMLInputElement).value).toBe('Stk'));
  });

  it('imports materials the server finds for the typed term; a material chosen before stays listed by name', async () => {
    const { calls } = renderForm({
      [`GET ${materialSearch('abzw')}`]: materialPage([materials[1]]),
      [`GET ${materialSearch('kupfer')}`]: materialPage([materials[0]]),
      'POST /api/quotes': (call: RecordedCall) => ({ status: 201, body: { id: 'x', ...(call.body as object) } }),
    });
    await screen.findByRole('group', { name: 'Position 1' });
    // Nothing of the catalogue is loaded before the picker opens.
    expect(materialCalls(calls)).toHaveLength(0);
    const picker = await openPicker();
    await within(picker).findByText('Kupferrohr 15 mm');
    expect(within(picker).queryByText('Altes Ventil')).toBeNull();
    expect(materialCalls(calls).map((c) => c.url)).toEqual([MATERIALS]);

    const search = within(picker).getByLabelText('Material suchen...');
    typeInto(search, 'abzw');
    await waitFor(() => expect(within(picker).queryByText('Kupferrohr 15 mm')).toBeNull());
    // One request for the settled term (with the page size), none per key.
    expect(materialCalls(calls).map((c) => c.url)).toEqual([MATERIALS, materialSearch('abzw')]);
    fireEvent.click(within(picker).getByLabelText('Abzweiger T 15 auswählen'));

    typeInto(search, 'kupfer');
    const kupfer = await within(picker).findByLabelText('Kupferrohr 15 mm auswählen');
    // Abzweiger is not among the matches of 'kupfer' and stays listed, named and checked.
    const chosen = within(picker).getByRole('list', { name: 'Ausgewählt' });
    expect((within(chosen).getByLabelText('Abzweiger T 15 auswählen') as HTMLInputElement).checked).toBe(true);
    expect(chosen.textContent).toContain('CHF 2.80 / Stk');
    fireEvent.click(kupfer);
    expect(within(picker).getByText('2 ausgewählt')).toBeTruthy();
    fireEvent.click(within(picker).getByRole('button', { name: 'Importieren' }));

    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('2 Materialien importiert'));
    expectOnlyPagedMaterialCalls(calls);
    expect(calls.some((c) => c.url === '/api/materials')).toBe(false);
    // The untouched empty row is replaced by the two materials: name, unit and price of each.
    expect((within(row(1)).getByLabelText('Bezeichnung') as HTMLInputElement).value).toBe('Abzweiger T 15');
    expect((within(row(1)).getByLabelText('Einheit') as HTMLInputElement).value).toBe('Stk');
    expect((within(row(1)).getByLabelText('Einzelpreis') as HTMLInputElement).value).toBe('2.80');
    expect((within(row(2)).getByLabelText('Bezeichnung') as HTMLInputElement).value).toBe('Kupferrohr 15 mm');
    expect((within(row(2)).getByLabelText('Einheit') as HTMLInputElement).value).toBe('m');
    expect((within(row(2)).getByLabelText('Einzelpreis') as HTMLInputElement).value).toBe('4.35');
    expect(screen.queryByRole('group', { name: 'Position 3' })).toBeNull();
    await waitFor(() => expect(totalText('subtotal')).toBe('CHF 7.15'));

    // Save: the payload carries the material ids (part 2 §7).
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kunde' }));
    fireEvent.click(await screen.findByTitle('Meier AG (K-0001)'));
    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Leitungen Keller' } });
    fireEvent.click(screen.getByRole('button', { name: /Speichern/ }));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Angebot erfolgreich erstellt!'));
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/quotes')!;
    expect(post.body).toMatchObject({
      customerId: aCustomer().id,
      title: 'Leitungen Keller',
      vatRate: 8.1,
      items: [
        {
          type: 'material',
          title: 'Abzweiger T 15',
          quantity: 1,
          unit: 'Stk',
          unitPrice: 2.8,
          materialId: materials[1]!.id,
        },
        {
          type: 'material',
          title: 'Kupferrohr 15 mm',
          quantity: 1,
          unit: 'm',
          unitPrice: 4.35,
          materialId: materials[0]!.id,
        },
      ],
    });
  });

  it('the material picker shows its loading state, more matches on demand and the German empty text', async () => {
    const zement = aMaterial({ id: '33333333-3333-4333-8333-333333333333', name: 'Zement 25 kg', unit: 'Pkg' });
    const { calls } = renderForm({
      [`GET ${MATERIALS}`]: materialPage([materials[0]], 'next-1'),
      'GET /api/materials?cursor=next-1&page=1&pageSize=20': materialPage([zement]),
      [`GET ${materialSearch('xyz')}`]: materialPage([]),
    });
    // The server's first answer is held back until the loading state was seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/materials')) await held;
      return answer(input, init);
    }) as typeof fetch;
    await screen.findByRole('group', { name: 'Position 1' });
    const picker = await openPicker();
    expect(within(picker).getByRole('status').textContent).toContain('Materialien werden gesucht …');
    expect(within(picker).queryByText('Keine aktiven Materialien')).toBeNull();
    release();
    await within(picker).findByText('Kupferrohr 15 mm');
    expect(within(picker).queryByText('Materialien werden gesucht …')).toBeNull();

    fireEvent.click(within(picker).getByRole('button', { name: 'Weitere Materialien laden' }));
    await within(picker).findByText('Zement 25 kg');
    expect(within(picker).getByText('Kupferrohr 15 mm')).toBeTruthy();
    expect(within(picker).queryByRole('button', { name: 'Weitere Materialien laden' })).toBeNull();

    typeInto(within(picker).getByLabelText('Material suchen...'), 'xyz');
    expect(await within(picker).findByText('Kein Material zu «xyz» gefunden.')).toBeTruthy();
    expect(within(picker).queryByText('Kupferrohr 15 mm')).toBeNull();
    expectOnlyPagedMaterialCalls(calls);
    expect(materialCalls(calls).map((c) => c.url)).toEqual([
      MATERIALS,
      '/api/materials?cursor=next-1&page=1&pageSize=20',
      materialSearch('xyz'),
    ]);
  });

  it('a failed material search says so in German and can be repeated', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    renderForm({
      [`GET ${MATERIALS}`]: () => (fail ? { status: 503, body: { error: 'weg' } } : materialPage(materials)),
    });
    await screen.findByRole('group', { name: 'Position 1' });
    const picker = await openPicker();
    expect(await within(picker).findByText('Die Daten konnten nicht geladen werden.')).toBeTruthy();
    expect(within(picker).queryByText('Keine aktiven Materialien')).toBeNull();
    fail = false;
    fireEvent.click(within(picker).getByRole('button', { name: /Erneut versuchen/ }));
    expect(await within(picker).findByText('Kupferrohr 15 mm')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('editing a sent quote asks first (the link becomes invalid); cancel keeps the form and changes', async () => {
    const sent = aQuote({ status: 'sent', sent_at: '2026-03-02T08:00:00.000Z' });
    const url = `/api/quotes/${sent.id}`;
    const { calls, onClose } = renderForm(
      { [`PUT ${url}`]: (call: RecordedCall) => ({ ...sent, ...(call.body as object), status: 'draft' }) },
      sent,
    );
    const title = (await screen.findByLabelText('Titel')) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Badsanierung Meier'));
    fireEvent.change(title, { target: { value: 'Badsanierung Meier (neu)' } });

    fireEvent.click(screen.getByRole('button', { name: /Speichern/ }));
    const confirm = await sentConfirm();
    expect(confirm.textContent).toContain(
      'Das Angebot wird wieder zum Entwurf. Der Link, den der Kunde erhalten hat, wird ungültig; versenden Sie das Angebot danach erneut.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: /Abbrechen/ }));
    await waitFor(() => expect(screen.queryAllByText('Versendetes Angebot ändern?')).toHaveLength(0));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('Badsanierung Meier (neu)');

    fireEvent.click(screen.getByRole('button', { name: /Speichern/ }));
    const again = await sentConfirm();
    fireEvent.click(within(again).getByRole('button', { name: /Speichern/ }));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Angebot erfolgreich aktualisiert!'));
    const put = calls.filter((c) => c.method === 'PUT' && c.url === url);
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toMatchObject({ title: 'Badsanierung Meier (neu)', customerId: sent.customer_id });
    expect(onClose).toHaveBeenCalled();
  });

  it('editing a draft saves without asking', async () => {
    const draft = aQuote();
    const url = `/api/quotes/${draft.id}`;
    const { calls, onClose } = renderForm({ [`PUT ${url}`]: draft }, draft);
    await waitFor(() => expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe(draft.title));
    fireEvent.click(screen.getByRole('button', { name: /Speichern/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === url)).toBe(true));
    expect(screen.queryAllByText('Versendetes Angebot ändern?')).toHaveLength(0);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('the customer select searches the server; the edited quote keeps its customer named when not among the matches', async () => {
    const keller = aCustomer({
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Keller GmbH',
      customer_number: 'K-0002',
    });
    const { calls } = renderForm(
      {
        [`GET ${CUSTOMERS}`]: customerPage([keller]),
        'GET /api/customers?search=Kel&page=1&pageSize=20': customerPage([keller]),
      },
      aQuote(),
    );
    // Meier AG (the quote's customer) is not on the first page and is still shown by name.
    const select = screen.getByRole('combobox', { name: 'Kunde' });
    await waitFor(() => expect(select.closest('.ant-select')!.textContent).toContain('Meier AG'));
    fireEvent.change(select, { target: { value: 'Kel' } });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/customers?search=Kel&page=1&pageSize=20')).toBe(true));
    fireEvent.click(await screen.findByTitle('Keller GmbH (K-0002)'));
    await waitFor(() => expect(select.closest('.ant-select')!.textContent).toContain('Keller GmbH (K-0002)'));
    expect(calls.some((c) => c.url === '/api/customers')).toBe(false);
    // Known by name: not read by id.
    expect(calls.some((c) => c.url.startsWith('/api/customers/'))).toBe(false);
  });

  it('requires customer and item title with the German messages of the contract', async () => {
    const { calls } = renderForm();
    await screen.findByRole('group', { name: 'Position 1' });
    fireEvent.click(screen.getByRole('button', { name: /Speichern/ }));
    expect(await screen.findByText('Kunde ist erforderlich')).toBeTruthy();
    expect(await screen.findByText('Titel ist erforderlich')).toBeTruthy();
    expect(await screen.findByText('Jede Position braucht einen Titel')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
