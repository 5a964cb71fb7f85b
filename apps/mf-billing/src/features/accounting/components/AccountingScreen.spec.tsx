import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  DEFAULT_ACCOUNTS,
  DEFAULT_VAT_CODES,
  type AccountingSettingsDto,
  type JournalLine,
  type JournalResponse,
  type OpenItemsResponse,
  type VatFiguresResponse,
} from '@zunft/contracts';
import { mockFetch, type RecordedCall } from '../../../test/fetch';
import { renderWithProviders, signedInAs } from '../../../test/render';
import { collectToasts } from '../../../test/toasts';
import { AccountingScreen } from './AccountingScreen';

const Office = signedInAs('backoffice');
const toasts = collectToasts();
const slow = { timeout: 15_000 };
const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = () => 'blob:accounting';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push(this.download);
  };
});
afterEach(() => {
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
});

const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());
const first = `${today.slice(0, 8)}01`;
const quarter = `Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
const JOURNAL = `/api/accounting/journal?from=${first}&to=${today}`;

const line = (over: Partial<JournalLine>): JournalLine => ({
  date: first,
  document: 'RE-2026-0001',
  text: 'Rechnung RE-2026-0001 Rossi SA',
  debit: '1100',
  credit: '3400',
  amount: 770.22,
  vat_code: 'V81',
  vat_amount: 57.72,
  vat_rate: 8.1,
  vat_side: 'credit',
  currency: 'CHF',
  type: 'invoice',
  entry_id: '11111111-1111-4111-8111-111111111111',
  invoice_id: '22222222-2222-4222-8222-222222222222',
  exported_at: null,
  ...over,
});
const journal: JournalResponse = {
  from: first,
  to: today,
  lines: [
    line({}),
    line({
      debit: '3805',
      credit: '1100',
      amount: 50.9,
      vat_code: '',
      vat_amount: 0,
      vat_side: null,
      type: 'write_off',
      text: 'Debitorenverlust',
    }),
  ],
  accounts: [
    { account: '1100', currency: 'CHF', debit: 770.22, credit: 50.9, balance: 719.32 },
    { account: '2200', currency: 'CHF', debit: 0, credit: 57.72, balance: -57.72 },
  ],
  skipped_exported: 2,
};
const openItems: OpenItemsResponse = {
  date: today,
  items: [
    {
      invoice_id: '22222222-2222-4222-8222-222222222222',
      invoice_number: 'RE-2026-0002',
      customer_id: '33333333-3333-4333-8333-333333333333',
      customer_name: 'Bauer AG',
      currency: 'CHF',
      invoice_date: first,
      due_date: first,
      open_amount: 1178.1,
      days_overdue: 12,
      reminder_level: 1,
      bucket: 'd1_30',
    },
  ],
  credits: [],
  totals: [
    {
      currency: 'CHF',
      count: 1,
      open: 1178.1,
      credit_balances: 0.9,
      buckets: { not_due: 0, d1_30: 1178.1, d31_60: 0, d61_90: 0, over_90: 0 },
    },
  ],
};
const vat: VatFiguresResponse = {
  year: Number(today.slice(0, 4)),
  period: quarter as VatFiguresResponse['period'],
  from: first,
  to: today,
  method: 'agreed',
  lines: [{ rate: 8.1, vat_code: 'V81', currency: 'CHF', turnover: 1771.98, net: 1639.2, vat: 132.78 }],
  totals: [{ currency: 'CHF', turnover: 1771.98, net: 1639.2, vat: 132.78 }],
};
const settings: AccountingSettingsDto = {
  accounts: DEFAULT_ACCOUNTS,
  vat_codes: DEFAULT_VAT_CODES,
  vat_method: 'agreed',
  updated_at: null,
};

function renderScreen(extra: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({
    [`GET ${JOURNAL}`]: journal,
    [`GET /api/invoices/open-items?date=${today}`]: openItems,
    [`GET /api/accounting/vat?year=${today.slice(0, 4)}&period=${quarter}`]: vat,
    'GET /api/accounting/settings': settings,
    ...extra,
  });
  renderWithProviders(
    <Office>
      <AccountingScreen />
    </Office>,
  );
  return calls;
}

describe('AccountingScreen', () => {
  it('shows the month’s bookings and balances; exports a Banana file that marks them', async () => {
    const calls = renderScreen({
      [`GET ${JOURNAL}&format=banana`]: { status: 200, blob: new Blob(['Date\tDoc'], { type: 'text/plain' }) },
    });
    expect(await screen.findByText('Rechnung RE-2026-0001 Rossi SA', {}, slow)).toBeTruthy();
    expect(screen.getByText('V81 57.72')).toBeTruthy();
    expect(screen.getByText(/^CHF .57\.72$/)).toBeTruthy();
    expect(
      screen.getByText('2 Buchungen wurden schon mit einem anderen Zeitraum exportiert und sind ausgeblendet.'),
    ).toBeTruthy();

    const loads = () => calls.filter((c) => c.url === JOURNAL).length;
    const before = loads();
    fireEvent.click(screen.getByRole('button', { name: /Exportieren/ }));
    await waitFor(() => expect(saved).toEqual([`buchungen-${first}-${today}-banana.txt`]), slow);
    expect(calls.some((c) => c.url === `${JOURNAL}&format=banana`)).toBe(true);
    expect(toasts.map((t) => t.text)).toContain(
      `Export buchungen-${first}-${today}-banana.txt erstellt; die Buchungen sind als exportiert markiert.`,
    );
    // The preview reloads: the bookings are now marked.
    await waitFor(() => expect(loads()).toBeGreaterThan(before), slow);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Bereits exportierte Buchungen einschliessen' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${JOURNAL}&includeExported=true`)).toBe(true), slow);
  });

  it('open items at a date with totals, aging and the PDF', async () => {
    const calls = renderScreen({
      [`GET /api/invoices/open-items?date=${today}&format=pdf`]: {
        status: 200,
        blob: new Blob(['%PDF'], { type: 'application/pdf' }),
      },
      'GET /api/invoices/open-items?date=2026-03-31': { ...openItems, date: '2026-03-31', items: [], totals: [] },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Offene Posten' }, slow));
    expect(await screen.findByText('Bauer AG', {}, slow)).toBeTruthy();
    expect(screen.getByText("Total offen: CHF 1'178.10")).toBeTruthy();
    expect(screen.getByText(/1–30 Tage: 1'178.10/)).toBeTruthy();
    expect(screen.getByText(/Guthaben von Kunden: 0.90/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /PDF/ }));
    await waitFor(() => expect(saved).toEqual([`offene-posten-${today}.pdf`]), slow);

    fireEvent.change(screen.getByLabelText('Stichtag'), { target: { value: '2026-03-31' } });
    expect(await screen.findByText('Keine offenen Posten an diesem Tag.', {}, slow)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/invoices/open-items?date=2026-03-31')).toBe(true);
  });

  it('VAT figures of the quarter', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('tab', { name: 'MWST' }, slow));
    expect(await screen.findAllByText("1'639.20", {}, slow)).toHaveLength(2);
    expect(screen.getByText('Abrechnungsart: nach vereinbartem Entgelt')).toBeTruthy();
    expect(screen.getAllByText('132.78')).toHaveLength(2);
  });

  it('the mapping: prefilled from the KMU-Kontenrahmen, saved, an empty account refused', async () => {
    const calls = renderScreen({
      'PUT /api/accounting/settings': (c: RecordedCall) => ({
        ...settings,
        accounts: (c.body as { accounts: typeof DEFAULT_ACCOUNTS }).accounts,
      }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Kontenzuordnung' }, slow));
    const debtors = (await screen.findByLabelText('Debitoren', {}, slow)) as HTMLInputElement;
    await waitFor(() => expect(debtors.value).toBe('1100'), slow);
    expect((screen.getByLabelText('Verluste aus Forderungen') as HTMLInputElement).value).toBe('3805');

    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Konto ist erforderlich', {}, slow)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: '1021' } });
    fireEvent.change(debtors, { target: { value: '1101' } });
    fireEvent.click(screen.getByRole('radio', { name: 'nach vereinnahmtem Entgelt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), slow);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      accounts: { ...DEFAULT_ACCOUNTS, debtors: '1101', bank: '1021' },
      vatCodes: DEFAULT_VAT_CODES,
      vatMethod: 'received',
    });
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Kontenzuordnung gespeichert'), slow);
  });

  it('the accountant (Treuhänder) reads the mapping but has no «Speichern» and no editable field', async () => {
    const Accountant = signedInAs('accountant');
    mockFetch({ 'GET /api/accounting/settings': settings, [`GET ${JOURNAL}`]: journal });
    renderWithProviders(
      <Accountant>
        <AccountingScreen />
      </Accountant>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Kontenzuordnung' }, slow));
    const debtors = (await screen.findByLabelText('Debitoren', {}, slow)) as HTMLInputElement;
    await waitFor(() => expect(debtors.value).toBe('1100'), slow);
    expect(debtors.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });
});
