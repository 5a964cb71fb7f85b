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

function renderForm(extra: Parameters<typeof mockFetch>[0] = {}, quote: QuoteDto | null = null) {
  const calls = mockFetch({
    [`GET ${CUSTOMERS}`]: customerPage([aCustomer()]),
    'GET /api/companies/settings': settings,
    'GET /api/materials': materials,
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

  it('imports only active materials as items with material id, unit and price', async () => {
    const { calls } = renderForm({
      'POST /api/quotes': (call: RecordedCall) => ({ status: 201, body: { id: 'x', ...(call.body as object) } }),
    });
    await screen.findByRole('group', { name: 'Position 1' });
    fireEvent.click(screen.getByRole('button', { name: /Materialien importieren/ }));
    const search = await screen.findByPlaceholderText('Material suchen...');
    const picker = search.closest<HTMLElement>('.ant-modal')!;
    await within(picker).findByText('Kupferrohr 15 mm');
    expect(within(picker).queryByText('Altes Ventil')).toBeNull();
    fireEvent.change(within(picker).getByLabelText('Material suchen...'), { target: { value: 'abzw' } });
    fireEvent.click(await within(picker).findByLabelText('Abzweiger T 15 auswählen'));
    fireEvent.change(within(picker).getByLabelText('Material suchen...'), { target: { value: '' } });
    fireEvent.click(await within(picker).findByLabelText('Kupferrohr 15 mm auswählen'));
    fireEvent.click(within(picker).getByRole('button', { name: 'Importieren' }));

    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('2 Materialien importiert'));
    // The untouched empty row is replaced by the two materials.
    expect((within(row(1)).getByLabelText('Bezeichnung') as HTMLInputElement).value).toBe('Abzweiger T 15');
    expect((within(row(2)).getByLabelText('Bezeichnung') as HTMLInputElement).value).toBe('Kupferrohr 15 mm');
    expect((within(row(2)).getByLabelText('Einheit') as HTMLInputElement).value).toBe('m');
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
