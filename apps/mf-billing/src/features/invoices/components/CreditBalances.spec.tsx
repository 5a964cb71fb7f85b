import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreditBalanceDto, InvoiceDto, InvoiceNumberLogResponse } from '@zunft/contracts';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders, signedInAs } from '../../../test/render';
import { collectToasts } from '../../../test/toasts';
import { anInvoice, someStats } from '../testing/invoices.fixtures';
import { InvoicesScreen } from './InvoicesScreen';
import { numberLogYears } from './NumberLogModal';

/** Issue 22's screens: credit balances (refund, apply to another invoice) and the number log. */

const toasts = collectToasts();
const slow = { timeout: 15_000 };
const CUSTOMER = '44444444-4444-4444-8444-444444444444';
const overpaid = anInvoice({ status: 'paid', total_amount: 1081, paid_amount: 1101, open_amount: 0 });
const open = anInvoice({
  id: '88888888-8888-4888-8888-888888888889',
  invoice_number: 'R-2026-0002',
  status: 'sent',
  total_amount: 540.5,
  paid_amount: 0,
  open_amount: 540.5,
});
const credit: CreditBalanceDto = {
  invoice_id: overpaid.id,
  invoice_number: overpaid.invoice_number,
  customer_id: CUSTOMER,
  customer_name: 'Meier AG',
  currency: 'CHF',
  amount: 20,
};
const year = numberLogYears()[0]!;
const numberLog: InvoiceNumberLogResponse = {
  year,
  entries: [
    {
      invoice_number: `R-${year}-0001`,
      fate: 'issued',
      invoice_id: overpaid.id,
      invoice_date: `${year}-03-02`,
      customer_name: 'Meier AG',
      deleted_at: null,
      deleted_by_name: null,
    },
    {
      invoice_number: `R-${year}-0002`,
      fate: 'deleted_draft',
      invoice_id: null,
      invoice_date: `${year}-03-05`,
      customer_name: 'Keller GmbH',
      deleted_at: `${year}-03-06T09:15:00.000Z`,
      deleted_by_name: 'Bea Büro',
    },
  ],
};

const page = <T,>(items: T[], pageSize = 20) => ({ items, total: items.length, page: 1, pageSize });
const ledger = { entries: [], open_amount: 0, paid_amount: 0, credited_amount: 0, fees_amount: 0, interest_amount: 0 };

function renderScreen() {
  const calls = mockFetch({
    'GET /api/invoices?page=1&pageSize=20': page<InvoiceDto>([overpaid, open]),
    'GET /api/invoices/stats': someStats(),
    'GET /api/invoices/payments/unmatched?status=open&page=1&pageSize=200': page([], 200),
    'GET /api/invoices/credit-balances': { items: [credit], total: 1 },
    [`GET /api/invoices?customerId=${CUSTOMER}&page=1&pageSize=100`]: page<InvoiceDto>([overpaid, open], 100),
    [`POST /api/invoices/${overpaid.id}/apply-credit`]: { source: ledger, target: ledger },
    [`POST /api/invoices/${overpaid.id}/refund`]: ledger,
    [`GET /api/invoices/number-log?year=${year}`]: numberLog,
  });
  const Session = signedInAs('backoffice');
  renderWithProviders(
    <Session>
      <InvoicesScreen />
    </Session>,
  );
  return calls;
}

async function openCredits(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: /Guthaben \(1\)/ }, slow));
  const dialog = await screen.findByRole('dialog', {}, slow);
  await within(dialog).findByText('R-2026-0001', {}, slow);
  expect(dialog.textContent).toContain('Meier AG');
  expect(dialog.textContent).toContain('CHF 20.00');
  return dialog;
}

describe('credit balances and the number log (issue 22)', () => {
  it('«Verrechnen»: only the customer’s other open invoices are offered; the amount defaults to the credit; POST apply-credit', async () => {
    const calls = renderScreen();
    const list = await openCredits();
    fireEvent.click(within(list).getByRole('button', { name: 'Verrechnen: R-2026-0001' }));
    const dialog = await waitFor(() => {
      const d = screen
        .getAllByRole('dialog')
        .find((x) => x.textContent?.includes('Guthaben aus R-2026-0001 verrechnen'));
      expect(d).toBeTruthy();
      return d!;
    }, slow);
    const select = within(dialog).getByRole('combobox', { name: 'Offene Rechnung' });
    fireEvent.mouseDown(select);
    const option = await screen.findByTitle('R-2026-0002 · offen CHF 540.50', {}, slow);
    // the overpaid invoice itself is no target
    expect(screen.queryByTitle(/R-2026-0001 · offen/)).toBeNull();
    fireEvent.click(option);
    await waitFor(() =>
      expect(within(dialog).getByRole('spinbutton', { name: 'Guthaben' })).toHaveProperty('value', '20.00'),
    );
    fireEvent.click(within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Verrechnen' }));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('CHF 20.00 mit R-2026-0002 verrechnet'), slow);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/invoices/${overpaid.id}/apply-credit`);
    expect(post.body).toEqual({ targetInvoiceId: open.id, amount: 20 });
  });

  it('«Zurückzahlen»: the refund dialog with the credit, POST refund', async () => {
    const calls = renderScreen();
    const list = await openCredits();
    fireEvent.click(within(list).getByRole('button', { name: 'Zurückzahlen: R-2026-0001' }));
    const dialog = await waitFor(() => {
      const d = screen.getAllByRole('dialog').find((x) => x.textContent?.includes('zu viel bezahlt'));
      expect(d).toBeTruthy();
      return d!;
    }, slow);
    expect(dialog.textContent).toContain('CHF 20.00');
    fireEvent.click(
      within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Rückzahlung buchen' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/refund'))).toBe(true), slow);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ amount: 20 });
  });

  it('«Nummernprotokoll»: every number of the year with its fate; a deleted draft says when and by whom', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: /Nummernprotokoll/ }, slow));
    const dialog = await screen.findByRole('dialog', {}, slow);
    await within(dialog).findByText(`R-${year}-0002`, {}, slow);
    expect(dialog.textContent).toContain('Ausgestellt');
    expect(dialog.textContent).toContain('Gelöschter Entwurf');
    expect(dialog.textContent).toMatch(/Gelöscht am 06\.03\.\d{4}.*von Bea Büro/);
  });
});
