import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  CreditNoteDto,
  InvoiceDetailDto,
  InvoiceLedgerResponse,
  InvoicePaymentDto,
  LedgerEntryDto,
} from '@zunft/contracts';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders, signedInAs } from '../../../test/render';
import { collectToasts } from '../../../test/toasts';
import { anInvoice, anInvoiceDetail, someStats } from '../testing/invoices.fixtures';
import { localToday } from './invoiceHelpers';
import { InvoicesScreen } from './InvoicesScreen';
import { formatSignedAmount, shortHash, withRunningBalance } from './ledgerHelpers';

const Office = signedInAs('backoffice');
const toasts = collectToasts();
const slow = { timeout: 15_000 };
const texts = () => toasts.map((t) => t.text);
const ID = anInvoice().id;

afterEach(() => {
  (globalThis as { __testWidth?: number }).__testWidth = undefined;
});

let seq = 0;
function entry(type: LedgerEntryDto['type'], amount: number, date: string, reference: string | null): LedgerEntryDto {
  seq += 1;
  return {
    id: `e${seq}`,
    type,
    date,
    amount,
    reference,
    payment_id: null,
    // Deliberately wrong: the screen sums the amounts itself and must not show this.
    balance: -999,
    created_by: null,
    created_by_name: type === 'payment_reversal' ? 'Anna Muster' : null,
    created_at: `${date}T08:00:00.000Z`,
  };
}

/*
 * By hand: invoice 1'081.00; part payment 500.00 → 581.00; 1st reminder fee 20.00 → 601.00;
 * interest 3.35 → 604.35; the payment reversed (+500.00) → 1'104.35; credit note 100.00 →
 * 1'004.35; paid 1'004.35 → 0.00.
 */
const ENTRIES: LedgerEntryDto[] = [
  entry('invoice', 1081, '2026-03-01', 'R-2026-0001'),
  entry('payment', -500, '2026-03-10', 'Von Hand'),
  entry('reminder_fee', 20, '2026-04-02', '1. Mahnung'),
  entry('interest', 3.35, '2026-04-02', '1. Mahnung'),
  entry('payment_reversal', 500, '2026-04-05', null),
  entry('credit_note', -100, '2026-04-06', 'GS-2026-0001'),
  entry('payment', -1004.35, '2026-04-20', 'Bankdatei'),
];

function aLedger(overrides: Partial<InvoiceLedgerResponse> = {}): InvoiceLedgerResponse {
  return {
    invoice_id: ID,
    invoice_number: 'R-2026-0001',
    currency: 'CHF',
    entries: ENTRIES,
    open_amount: 0,
    paid_amount: 1004.35,
    credited_amount: 100,
    fees_amount: 20,
    interest_amount: 3.35,
    written_off_amount: 0,
    credit_balance: 0,
    ...overrides,
  };
}

function aPayment(overrides: Partial<InvoicePaymentDto> = {}): InvoicePaymentDto {
  return {
    id: 'p1',
    amount: 500,
    payment_date: '2026-03-10',
    method: 'bank',
    source: 'manual',
    bank_reference: null,
    debtor_name: null,
    created_at: '2026-03-10T08:00:00Z',
    created_by_name: 'Anna Muster',
    reversed_at: null,
    ...overrides,
  };
}

function renderScreen(detail: InvoiceDetailDto, extra: Parameters<typeof mockFetch>[0] = {}, route = '/invoices') {
  const invoice = anInvoice({ status: detail.status });
  const calls = mockFetch({
    'GET /api/invoices?page=1&pageSize=20': { items: [invoice], total: 1, page: 1, pageSize: 20 },
    'GET /api/invoices/stats': someStats(),
    'GET /api/invoices/payments/unmatched?status=open&page=1&pageSize=200': {
      items: [],
      total: 0,
      page: 1,
      pageSize: 200,
    },
    [`GET /api/invoices/${ID}`]: detail,
    [`GET /api/invoices/${ID}/ledger`]: aLedger(),
    [`GET /api/invoices/${ID}/credit-notes`]: [],
    ...extra,
  });
  renderWithProviders(
    <Office>
      <InvoicesScreen />
    </Office>,
    { route },
  );
  return calls;
}

async function openDetail(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByText('R-2026-0001'));
  const dialog = await screen.findByRole('dialog', {}, slow);
  await within(dialog).findByText('Arbeit Hans Muster', {}, slow);
  return dialog;
}

describe('ledger helpers', () => {
  it('sums the signed amounts in cents, oldest first', () => {
    expect(withRunningBalance(ENTRIES).map((r) => r.running)).toEqual([1081, 581, 601, 604.35, 1104.35, 1004.35, 0]);
    // 0.10 + 0.20 − 0.30 is exactly 0 in cents (in floating point it is 5.55e-17).
    const tiny = [entry('invoice', 0.1, '2026-01-01', null), entry('reminder_fee', 0.2, '2026-01-02', null)];
    expect(withRunningBalance([...tiny, entry('payment', -0.3, '2026-01-03', null)]).map((r) => r.running)).toEqual([
      0.1, 0.3, 0,
    ]);
  });

  it('signs amounts and shortens the archive hash', () => {
    expect(formatSignedAmount(1081)).toBe("+1'081.00");
    expect(formatSignedAmount(-1004.35)).toBe("\u22121'004.35");
    expect(formatSignedAmount(0)).toBe('0.00');
    expect(shortHash('3f2a9c01be77d00d' + 'a'.repeat(48))).toBe('3f2a 9c01 be77');
  });
});

describe('invoice detail: Kontoauszug', () => {
  it('lists every entry newest last with its type, signed amount and the running open amount', async () => {
    renderScreen(anInvoiceDetail({ status: 'paid', paid_amount: 1004.35, open_amount: 0 }));
    const dialog = await openDetail();
    const table = await within(dialog).findByRole('table', { name: 'Kontoauszug' }, slow);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['01.03.2026', 'Rechnung', 'R-2026-0001', "+1'081.00", "1'081.00"],
      ['10.03.2026', 'Zahlung', 'Von Hand', '\u2212500.00', '581.00'],
      ['02.04.2026', 'Mahngebühr', '1. Mahnung', '+20.00', '601.00'],
      ['02.04.2026', 'Verzugszins', '1. Mahnung', '+3.35', '604.35'],
      ['05.04.2026', 'Zahlungsstorno', 'von Anna Muster', '+500.00', "1'104.35"],
      ['06.04.2026', 'Gutschrift', 'GS-2026-0001', '\u2212100.00', "1'004.35"],
      ['20.04.2026', 'Zahlung', 'Bankdatei', "\u22121'004.35", '0.00'],
    ]);
    const sums = within(dialog).getByTestId('ledger-amounts');
    const sum = (key: string) => sums.querySelector(`[data-amount="${key}"]`)?.textContent;
    expect(sum('open')).toBe('OffenCHF 0.00');
    expect(sum('paid')).toBe("BezahltCHF 1'004.35");
    expect(sum('credited')).toBe('GutgeschriebenCHF 100.00');
    expect(sum('fees')).toBe('MahngebührenCHF 20.00');
    expect(sum('interest')).toBe('VerzugszinsenCHF 3.35');
    // Nothing written off, no credit balance: not shown.
    expect(sum('writtenOff')).toBeUndefined();
    expect(sum('creditBalance')).toBeUndefined();
  });

  it('on a 390 px phone: one card per entry with the open amount after it', async () => {
    (globalThis as { __testWidth?: number }).__testWidth = 390;
    renderScreen(anInvoiceDetail({ status: 'paid' }));
    const dialog = await openDetail();
    const list = await within(dialog).findByRole('list', { name: 'Kontoauszug' }, slow);
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(7);
    expect(cards[4]!.textContent).toContain('Zahlungsstorno');
    expect(cards[4]!.textContent).toContain('+500.00');
    expect(cards[4]!.textContent).toContain("Offen 1'104.35");
    expect(cards[6]!.textContent).toContain('Offen 0.00');
  });

  it('no ledger on a draft that was never issued', async () => {
    const calls = renderScreen(anInvoiceDetail({ status: 'draft', issued_at: null }));
    const dialog = await openDetail();
    expect(within(dialog).queryByText('Kontoauszug')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/ledger'))).toBe(false);
  });

  it('shows the archived marker with the short hash', async () => {
    renderScreen(anInvoiceDetail({ document_sha256: '3f2a9c01be77' + '0'.repeat(52) }));
    const dialog = await openDetail();
    expect(within(dialog).getByTestId('archived-marker').textContent).toBe('Archiviert 3f2a 9c01 be77');
  });
});

describe('a link to an invoice', () => {
  it("/invoices?invoice=<id> (a report's «Rechnung anzeigen») opens that invoice's detail", async () => {
    renderScreen(anInvoiceDetail(), {}, `/invoices?invoice=${ID}`);
    const dialog = await screen.findByRole('dialog', {}, slow);
    await within(dialog).findByText('Arbeit Hans Muster', {}, slow);
    expect(dialog.textContent).toContain('Rechnung R-2026-0001');
  });
});

describe('invoice detail: Zahlung stornieren', () => {
  it('reverses a payment after the confirmation; a reversed one shows its day instead', async () => {
    const calls = renderScreen(
      anInvoiceDetail({
        paid_amount: 500,
        open_amount: 581,
        payments: [aPayment(), aPayment({ id: 'p0', amount: 81, reversed_at: '2026-03-05T10:00:00.000Z' })],
      }),
      { [`DELETE /api/invoices/${ID}/payments/p1`]: { message: 'Zahlung storniert', ledger: aLedger() } },
    );
    const dialog = await openDetail();
    expect(within(dialog).getByText('Storniert am 05.03.2026')).toBeTruthy();
    const buttons = within(dialog).getAllByRole('button', { name: /Zahlung stornieren/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    const confirm = await screen.findByRole('tooltip', {}, slow);
    expect(confirm.textContent).toContain('Zahlung von CHF 500.00 vom 10.03.2026 stornieren?');
    fireEvent.click(within(confirm).getByRole('button', { name: /Zahlung stornieren/ }));
    await waitFor(() => expect(texts()).toContain('Zahlung von CHF 500.00 storniert'), slow);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/invoices/${ID}/payments/p1`]);
  });

  it('shows the German 409 as the API answers it', async () => {
    renderScreen(anInvoiceDetail({ paid_amount: 500, open_amount: 581, payments: [aPayment()] }), {
      [`DELETE /api/invoices/${ID}/payments/p1`]: {
        status: 409,
        body: { error: 'Diese Zahlung ist bereits storniert.', code: 'payment_reversed' },
      },
    });
    const dialog = await openDetail();
    fireEvent.click(within(dialog).getByRole('button', { name: /Zahlung stornieren/ }));
    const confirm = await screen.findByRole('tooltip', {}, slow);
    fireEvent.click(within(confirm).getByRole('button', { name: /Zahlung stornieren/ }));
    await waitFor(() => expect(texts()).toContain('Fehler beim Stornieren der Zahlung'), slow);
    expect(toasts.find((t) => t.text === 'Fehler beim Stornieren der Zahlung')?.detail).toBe(
      'Diese Zahlung ist bereits storniert.',
    );
  });
});

describe('invoice detail: Guthaben zurückzahlen', () => {
  // Paid 1'100.00 on 1'081.00 from the bank file: 19.00 overpaid, the customer's credit balance.
  const overpaid = aLedger({
    entries: [
      entry('invoice', 1081, '2026-03-01', 'R-2026-0001'),
      entry('payment', -1081, '2026-03-20', 'Bankdatei'),
      entry('overpayment', -19, '2026-03-20', 'Bankdatei'),
    ],
    open_amount: 0,
    paid_amount: 1100,
    credited_amount: 0,
    fees_amount: 0,
    interest_amount: 0,
    credit_balance: 19,
  });

  async function openRefund(extra: Parameters<typeof mockFetch>[0] = {}) {
    const calls = renderScreen(anInvoiceDetail({ status: 'paid', paid_amount: 1100, open_amount: 0 }), {
      [`GET /api/invoices/${ID}/ledger`]: overpaid,
      ...extra,
    });
    const dialog = await openDetail();
    expect((await within(dialog).findByTestId('ledger-amounts', {}, slow)).textContent).toContain(
      'Guthaben des KundenCHF 19.00',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Guthaben zurückzahlen/ }));
    const form = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Rückzahlung buchen'));
      if (!found) throw new Error('no refund dialog yet');
      return found;
    }, slow);
    const amount = within(form).getByRole('spinbutton', { name: 'Betrag' }) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('19.00'));
    return { calls, form, amount };
  }

  it('validates the amount (required, at most the credit balance), then books the refund', async () => {
    const { calls, form, amount } = await openRefund({
      [`POST /api/invoices/${ID}/refund`]: { ...overpaid, credit_balance: 9 },
    });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Rückzahlung buchen' }));
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.blur(amount);
    submit();
    expect(await within(form).findByText('Höchstens das Guthaben von CHF 19.00.', {}, slow)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.blur(amount);
    submit();
    expect(await within(form).findByText('Bitte geben Sie einen Betrag ein.', {}, slow)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/refund'))).toBe(false);

    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.blur(amount);
    submit();
    await waitFor(() => expect(texts()).toContain('Rückzahlung von CHF 10.00 gebucht'), slow);
    expect(calls.find((c) => c.url.endsWith('/refund'))!.body).toEqual({ amount: 10, date: localToday() });
  });

  it('shows the German 400 as the API answers it', async () => {
    const { form } = await openRefund({
      [`POST /api/invoices/${ID}/refund`]: {
        status: 400,
        body: { error: 'Die Rückzahlung ist höher als das Guthaben.', code: 'refund_too_high' },
      },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Rückzahlung buchen' }));
    await waitFor(() => expect(texts()).toContain('Fehler beim Buchen der Rückzahlung'), slow);
    expect(toasts.find((t) => t.text === 'Fehler beim Buchen der Rückzahlung')?.detail).toBe(
      'Die Rückzahlung ist höher als das Guthaben.',
    );
  });
});

describe('invoice detail: Gutschrift erstellen', () => {
  // Asserted: the credit-note PDF (document_sha256) is not part of every contract version yet.
  const note = {
    id: 'c1',
    invoice_id: ID,
    credit_note_number: 'GS-2026-0001',
    credit_date: '2026-04-06',
    reason: 'Kratzer an der Front',
    items: [] as CreditNoteDto['items'],
    // 108.10 gross at 8.1 %: net 100.00, VAT 8.10.
    vat_breakdown: [{ rate: 8.1, net: 100, vat: 8.1 }],
    net: 100,
    vat_amount: 8.1,
    total: 108.1,
    created_at: '2026-04-06T08:00:00.000Z',
    created_by_name: 'Anna Muster',
  } as CreditNoteDto;

  async function openCreditNote(extra: Parameters<typeof mockFetch>[0] = {}) {
    const calls = renderScreen(anInvoiceDetail(), extra);
    const dialog = await openDetail();
    fireEvent.click(within(dialog).getByRole('button', { name: /Gutschrift erstellen/ }));
    const form = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Gutschrift zu Rechnung'));
      if (!found) throw new Error('no credit-note dialog yet');
      return found;
    }, slow);
    const submit = () => fireEvent.click(within(form).getAllByRole('button', { name: 'Gutschrift erstellen' }).at(-1)!);
    return { calls, form, submit };
  }

  it('asks for a reason and an amount of at most the invoice total, then creates it', async () => {
    const { calls, form, submit } = await openCreditNote({
      [`POST /api/invoices/${ID}/credit-notes`]: { status: 201, body: note },
    });
    submit();
    expect(await within(form).findByText('Bitte geben Sie einen Grund ein.', {}, slow)).toBeTruthy();
    expect(await within(form).findByText('Bitte geben Sie einen Betrag ein.', {}, slow)).toBeTruthy();
    const amount = within(form).getByRole('spinbutton', { name: 'Betrag inkl. MWST' });
    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.blur(amount);
    submit();
    expect(await within(form).findByText("Höchstens der Rechnungsbetrag von CHF 1'081.00.", {}, slow)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Grund' }), {
      target: { value: '  Kratzer an der Front ' },
    });
    fireEvent.change(amount, { target: { value: '108.10' } });
    fireEvent.blur(amount);
    submit();
    await waitFor(() => expect(texts()).toContain('Gutschrift GS-2026-0001 über CHF 108.10 erstellt'), slow);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Kratzer an der Front', amount: 108.1 });
  });

  it('by lines: each line with its VAT rate', async () => {
    const { calls, form, submit } = await openCreditNote({
      [`POST /api/invoices/${ID}/credit-notes`]: { status: 201, body: { ...note, total: 102.6 } },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Grund' }), { target: { value: 'Material retour' } });
    fireEvent.click(within(form).getByText('Positionen'));
    const title = await within(form).findByRole('textbox', { name: 'Bezeichnung' }, slow);
    submit();
    expect(await within(form).findByText('Bitte geben Sie eine Bezeichnung ein.', {}, slow)).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Armatur' } });
    const price = within(form).getByRole('spinbutton', { name: 'Einzelpreis netto' });
    fireEvent.change(price, { target: { value: '50' } });
    fireEvent.blur(price);
    const quantity = within(form).getByRole('spinbutton', { name: 'Menge' });
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.blur(quantity);
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'MWST-Satz 1' }));
    const options = await screen.findAllByTitle('2.6 %');
    fireEvent.click(options[options.length - 1]!);
    submit();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), slow);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      reason: 'Material retour',
      items: [{ title: 'Armatur', quantity: 2, unitPrice: 50, vatRate: 2.6 }],
    });
  });

  it('shows the German 400 as the API answers it, and lists the credit notes', async () => {
    const { form, submit } = await openCreditNote({
      [`GET /api/invoices/${ID}/credit-notes`]: [note],
      [`POST /api/invoices/${ID}/credit-notes`]: {
        status: 400,
        body: { error: 'Die Gutschrift ist höher als der Rechnungsbetrag.', code: 'credit_note_too_high' },
      },
    });
    const dialog = screen.getAllByRole('dialog')[0]!;
    const row = (await within(dialog).findByText('Kratzer an der Front', {}, slow)).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'GS-2026-0001',
      '06.04.2026',
      'Kratzer an der Front',
      'CHF 8.10',
      'CHF 108.10',
      'PDF',
    ]);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Grund' }), { target: { value: 'Kulanz' } });
    const amount = within(form).getByRole('spinbutton', { name: 'Betrag inkl. MWST' });
    fireEvent.change(amount, { target: { value: '1000' } });
    fireEvent.blur(amount);
    submit();
    await waitFor(() => expect(texts()).toContain('Fehler beim Erstellen der Gutschrift'), slow);
    expect(toasts.find((t) => t.text === 'Fehler beim Erstellen der Gutschrift')?.detail).toBe(
      'Die Gutschrift ist höher als der Rechnungsbetrag.',
    );
  });
});

describe('invoice detail: credit note PDF', () => {
  it('downloads a credit note as Gutschrift-<number>.pdf', async () => {
    const original = URL.createObjectURL;
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:credit-note';
    // Kept after the test: saveBlob revokes the URL 10 s later (jsdom has no revokeObjectURL).
    URL.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const note = {
        id: 'c1',
        invoice_id: ID,
        credit_note_number: 'GS-2026-0001',
        credit_date: '2026-04-06',
        reason: 'Kulanz',
        items: [] as CreditNoteDto['items'],
        vat_breakdown: [],
        net: 100,
        vat_amount: 8.1,
        total: 108.1,
        created_at: '2026-04-06T08:00:00.000Z',
        created_by_name: null,
      } as unknown as CreditNoteDto;
      const calls = renderScreen(anInvoiceDetail(), {
        [`GET /api/invoices/${ID}/credit-notes`]: [note],
        [`GET /api/invoices/${ID}/credit-notes/c1/pdf`]: {
          status: 200,
          blob: new Blob(['%PDF'], { type: 'application/pdf' }),
        },
      });
      const dialog = await openDetail();
      fireEvent.click(await within(dialog).findByRole('button', { name: 'PDF GS-2026-0001' }, slow));
      await waitFor(() => expect(texts()).toContain('PDF wurde heruntergeladen'), slow);
      expect(saved).toEqual(['Gutschrift-GS-2026-0001.pdf']);
      expect(calls.some((c) => c.url === `/api/invoices/${ID}/credit-notes/c1/pdf`)).toBe(true);
    } finally {
      URL.createObjectURL = original;
      HTMLAnchorElement.prototype.click = click;
    }
  });
});

describe('invoice detail: Stornieren and Abschreiben', () => {
  async function openReason(button: RegExp, title: string, extra: Parameters<typeof mockFetch>[0]) {
    const calls = renderScreen(anInvoiceDetail(), extra);
    const dialog = await openDetail();
    fireEvent.click(within(dialog).getByRole('button', { name: button }));
    const form = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(title));
      if (!found) throw new Error('no reason dialog yet');
      return found;
    }, slow);
    return { calls, form };
  }

  it('«Stornieren» asks for the reason, then cancels', async () => {
    const { calls, form } = await openReason(/Stornieren/, 'Rechnung R-2026-0001 stornieren', {
      [`POST /api/invoices/${ID}/cancel`]: {
        invoice: anInvoice({ status: 'cancelled' }),
        credit_note: null,
        ledger: aLedger(),
      },
    });
    const ok = () =>
      fireEvent.click(
        within(form)
          .getAllByRole('button', { name: /Stornieren/ })
          .at(-1)!,
      );
    ok();
    expect(await within(form).findByText('Bitte geben Sie einen Grund ein.', {}, slow)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Grund' }), {
      target: { value: ' Auftrag storniert ' },
    });
    ok();
    await waitFor(() => expect(texts()).toContain('Rechnung R-2026-0001 storniert'), slow);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Auftrag storniert' });
  });

  it('«Abschreiben» names the open amount and shows the German 409 as answered', async () => {
    const { form } = await openReason(/Abschreiben/, 'Rechnung R-2026-0001 abschreiben', {
      [`POST /api/invoices/${ID}/write-off`]: {
        status: 409,
        body: { error: 'Auf dieser Rechnung ist nichts mehr offen.', code: 'invoice_nothing_open' },
      },
    });
    expect(form.textContent).toContain("Der offene Betrag von CHF 1'081.00 wird als Verlust gebucht.");
    fireEvent.change(within(form).getByRole('textbox', { name: 'Grund' }), { target: { value: 'Konkurs' } });
    fireEvent.click(
      within(form)
        .getAllByRole('button', { name: /Abschreiben/ })
        .at(-1)!,
    );
    await waitFor(() => expect(texts()).toContain('Fehler beim Abschreiben der Rechnung'), slow);
    expect(toasts.find((t) => t.text === 'Fehler beim Abschreiben der Rechnung')?.detail).toBe(
      'Auf dieser Rechnung ist nichts mehr offen.',
    );
  });

  it('a cancelled invoice is closed: no payment, no Storno, write-off or credit note', async () => {
    renderScreen(anInvoiceDetail({ status: 'cancelled', open_amount: 0, credited_amount: 1081 }));
    const dialog = await openDetail();
    expect(within(dialog).queryByRole('button', { name: /Stornieren/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Abschreiben/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Zahlung erfassen/ })).toBeNull();
    expect(
      within(dialog)
        .getByRole('button', { name: /Gutschrift erstellen/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      within(dialog)
        .getByRole('button', { name: /Als bezahlt markieren/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });
});

describe('invoice detail: QR bill warnings (issue 23)', () => {
  it('names each changed field and shows the text as it stands in the QR code', async () => {
    renderScreen(
      anInvoiceDetail({
        status: 'draft',
        qr_warnings: [
          { field: 'debtor.name', kind: 'replaced', value: 'Zoltan Kovacs' },
          { field: 'creditor.street', kind: 'shortened', value: 'Industriestrasse der langen Namen' },
        ],
      }),
    );
    const dialog = await openDetail();
    const alert = within(dialog).getByTestId('qr-warnings');
    expect(alert.textContent).toContain('Der QR-Einzahlungsschein weicht von Ihren Angaben ab');
    expect(alert.textContent).toContain('Name des Kunden (Zeichen ersetzt): Zoltan Kovacs');
    expect(alert.textContent).toContain('Ihre Strasse (gekürzt): Industriestrasse der langen Namen');
  });

  it('nothing when the QR code shows what was typed', async () => {
    renderScreen(anInvoiceDetail({ status: 'draft', qr_warnings: [] }));
    const dialog = await openDetail();
    expect(within(dialog).queryByTestId('qr-warnings')).toBeNull();
  });
});
