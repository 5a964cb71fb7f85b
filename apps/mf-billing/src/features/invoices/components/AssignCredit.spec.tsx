import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceDto, UnmatchedCreditDto } from '@zunft/contracts';
import { mockFetch, type RecordedCall } from '../../../test/fetch';
import { renderWithProviders, signedInAs } from '../../../test/render';
import { collectToasts } from '../../../test/toasts';
import { anInvoice, someStats } from '../testing/invoices.fixtures';
import { InvoicesScreen } from './InvoicesScreen';

const toasts = collectToasts();
const slow = { timeout: 15_000 };
const LIST = '/api/invoices?page=1&pageSize=20';
const UNMATCHED = '/api/invoices/payments/unmatched?status=open&page=1&pageSize=200';
const CREDIT_ID = '77777777-7777-4777-8777-777777777777';
const ASSIGN = `POST /api/invoices/payments/unmatched/${CREDIT_ID}/assign`;

const sent = anInvoice();
const overdue = anInvoice({
  id: '88888888-8888-4888-8888-888888888889',
  invoice_number: 'R-2026-0002',
  customer_name: 'Keller GmbH',
  status: 'overdue',
  total_amount: 800,
  paid_amount: 300,
  open_amount: 500,
});

function aCredit(overrides: Partial<UnmatchedCreditDto> = {}): UnmatchedCreditDto {
  return {
    id: CREDIT_ID,
    bank_reference: 'E-77',
    reference: 'RF18539007547034',
    amount: 200,
    currency: 'CHF',
    debtor_name: 'Peter Keller',
    booking_date: '2026-04-12',
    status: 'open',
    invoice_id: null,
    invoice_number: null,
    assigned_at: null,
    created_at: '2026-04-12T20:00:00.000Z',
    ...overrides,
  };
}

const page = <T,>(items: T[], pageSize = 20) => ({ items, total: items.length, page: 1, pageSize });

function renderScreen(
  role: 'admin' | 'backoffice' | 'employee',
  routes: Parameters<typeof mockFetch>[0],
  credits: UnmatchedCreditDto[] = [aCredit()],
) {
  let unmatchedLoads = 0;
  const calls = mockFetch({
    [`GET ${LIST}`]: page<InvoiceDto>([sent, overdue]),
    'GET /api/invoices/stats': someStats(),
    'GET /api/customers': [],
    [`GET ${UNMATCHED}`]: () => {
      unmatchedLoads += 1;
      return page(unmatchedLoads === 1 ? credits : [], 200);
    },
    'GET /api/invoices?status=sent&page=1&pageSize=200': page([sent], 200),
    'GET /api/invoices?status=overdue&page=1&pageSize=200': page([overdue], 200),
    ...routes,
  });
  const Session = signedInAs(role);
  renderWithProviders(
    <Session>
      <InvoicesScreen />
    </Session>,
  );
  return { calls, unmatchedLoads: () => unmatchedLoads };
}

/** Opens 'Nicht zugeordnete Zahlungen (1)' and the credit's 'Zuordnen' dialog; returns that dialog. */
async function openAssignDialog(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: /Nicht zugeordnete Zahlungen \(1\)/ }, slow));
  const list = await screen.findByRole('dialog', {}, slow);
  expect(list.textContent).toContain('Peter Keller');
  expect(list.textContent).toContain('CHF 200.00');
  expect(list.textContent).toContain('RF18 5390 0754 7034');
  expect(list.textContent).toContain('12.04.2026');
  fireEvent.click(within(list).getByRole('button', { name: /Zuordnen/ }));
  await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2), slow);
  return screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Zahlung zuordnen'))!;
}

async function chooseInvoice(dialog: HTMLElement, title: string) {
  const select = within(dialog).getByRole('combobox', { name: 'Offene Rechnung' });
  fireEvent.mouseDown(select);
  fireEvent.change(select, { target: { value: 'Keller' } });
  const options = await screen.findAllByTitle(title, {}, slow);
  fireEvent.click(options[options.length - 1]!);
}

const confirmButton = (dialog: HTMLElement) =>
  within(dialog.closest('.ant-modal') as HTMLElement)
    .getAllByRole('button', { name: 'Zuordnen' })
    .at(-1)!;

describe('assigning an unmatched bank credit', () => {
  it('stored credit: choose an open invoice, POST assign with {invoiceId}, toast and lists reload', async () => {
    const { calls, unmatchedLoads } = renderScreen('backoffice', {
      [ASSIGN]: {
        message: 'Zahlung zugeordnet',
        credit: aCredit({ status: 'assigned', invoice_id: overdue.id, invoice_number: 'R-2026-0002' }),
        invoice: { ...overdue, paid_amount: 500, open_amount: 300 },
      },
    });
    const dialog = await openAssignDialog();
    // Without a choice nothing is sent.
    await waitFor(() => expect(confirmButton(dialog).hasAttribute('disabled')).toBe(false), slow);
    fireEvent.click(confirmButton(dialog));
    await within(dialog).findByText('Bitte wählen Sie eine Rechnung.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Only sent and overdue invoices with an open amount are offered, with number, customer and open amount.
    await chooseInvoice(dialog, 'R-2026-0002 · Keller GmbH · CHF 500.00');
    fireEvent.click(confirmButton(dialog));

    await waitFor(
      () =>
        expect(toasts.map((t) => t.text)).toContain(
          'Zahlung von CHF 200.00 der Rechnung R-2026-0002 zugeordnet – teilweise bezahlt',
        ),
      slow,
    );
    const post = calls.find((c: RecordedCall) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/invoices/payments/unmatched/${CREDIT_ID}/assign`);
    expect(post.body).toEqual({ invoiceId: overdue.id });
    // The unmatched list and the invoices reload; the credit is gone, so is the button.
    await waitFor(() => expect(unmatchedLoads()).toBeGreaterThan(1), slow);
    await waitFor(() => expect(calls.filter((c) => c.url === LIST).length).toBeGreaterThan(1), slow);
    await waitFor(
      () => expect(screen.queryByRole('button', { name: /Nicht zugeordnete Zahlungen \(/ })).toBeNull(),
      slow,
    );
  });

  it('decides by the error code: 409 unmatched_credit_assigned shows the catalogue text and the server reason', async () => {
    renderScreen('admin', {
      [ASSIGN]: {
        status: 409,
        body: {
          error: 'Die Zahlung ist bereits der Rechnung R-2026-0009 zugeordnet',
          code: 'unmatched_credit_assigned',
        },
      },
    });
    const dialog = await openAssignDialog();
    await chooseInvoice(dialog, 'R-2026-0002 · Keller GmbH · CHF 500.00');
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Diese Zahlung wurde bereits zugeordnet'), slow);
    const toast = toasts.find((t) => t.text === 'Diese Zahlung wurde bereits zugeordnet')!;
    expect(toast.type).toBe('error');
    expect(toast.detail).toBe('Die Zahlung ist bereits der Rechnung R-2026-0009 zugeordnet');
  });

  it('400 unmatched_credit_currency: the currency text, the dialog stays open to choose again', async () => {
    renderScreen('admin', {
      [ASSIGN]: { status: 400, body: { error: 'Währung EUR passt nicht zu CHF', code: 'unmatched_credit_currency' } },
    });
    const dialog = await openAssignDialog();
    await chooseInvoice(dialog, 'R-2026-0002 · Keller GmbH · CHF 500.00');
    fireEvent.click(confirmButton(dialog));
    await waitFor(
      () => expect(toasts.map((t) => t.text)).toContain('Die Währung der Zahlung passt nicht zur Rechnung'),
      slow,
    );
    expect(screen.getAllByRole('dialog').some((d) => d.textContent?.includes('Zahlung zuordnen'))).toBe(true);
  });

  it('import result: the unmatched entry gets «Zuordnen» and then shows the invoice it went to', async () => {
    renderScreen(
      'backoffice',
      {
        'POST /api/invoices/payments/import': {
          message: 'ok',
          version: 'camt.054.001.08',
          matched: [],
          unmatched: [
            {
              id: CREDIT_ID,
              reference: 'RF18539007547034',
              amount: 1081,
              currency: 'CHF',
              payment_date: '2026-04-10',
              debtor_name: 'Unbekannt AG',
              bank_reference: 'E9',
            },
          ],
          duplicates: [],
          ignored: [],
        },
        [ASSIGN]: {
          message: 'Zahlung zugeordnet',
          credit: aCredit({ status: 'assigned', amount: 1081, invoice_id: sent.id, invoice_number: 'R-2026-0001' }),
          invoice: { ...sent, status: 'paid', paid_amount: 1081, open_amount: 0 },
        },
      },
      [],
    );
    await screen.findByText('R-2026-0001');
    fireEvent.click(screen.getByRole('button', { name: /Bankdatei importieren/ }));
    const importDialog = await screen.findByRole('dialog', {}, slow);
    const input = importDialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['<Document/>'], 'camt054.xml', { type: 'application/xml' })] },
    });
    const assign = await within(importDialog).findByRole('button', { name: /Zuordnen/ }, slow);
    fireEvent.click(assign);
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2), slow);
    const dialog = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Zahlung zuordnen'))!;
    expect(dialog.textContent).toContain('Unbekannt AG');
    const select = within(dialog).getByRole('combobox', { name: 'Offene Rechnung' });
    fireEvent.mouseDown(select);
    const options = await screen.findAllByTitle("R-2026-0001 · Meier AG · CHF 1'081.00", {}, slow);
    fireEvent.click(options[options.length - 1]!);
    fireEvent.click(confirmButton(dialog));
    await waitFor(
      () =>
        expect(toasts.map((t) => t.text)).toContain(
          "Zahlung von CHF 1'081.00 der Rechnung R-2026-0001 zugeordnet – bezahlt",
        ),
      slow,
    );
    await within(importDialog).findByText(/Zugeordnet: R-2026-0001/, {}, slow);
    expect(within(importDialog).queryByRole('button', { name: /Zuordnen/ })).toBeNull();
  });

  it('employees see no unmatched payments and the list is not asked for', async () => {
    const { calls } = renderScreen('employee', {});
    await screen.findByText('R-2026-0001');
    expect(screen.queryByRole('button', { name: /Nicht zugeordnete Zahlungen/ })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/invoices/payments/unmatched'))).toBe(false);
  });
});
