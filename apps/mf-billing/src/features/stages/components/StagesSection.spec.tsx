import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceStagesDto } from '@zunft/contracts';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders, signedInAs } from '../../../test/render';
import { collectToasts } from '../../../test/toasts';
import { StageKindTag } from './StageKindTag';
import { StagesSection } from './StagesSection';
import { stageFinalPreview } from './stageHelpers';

const Office = signedInAs('backoffice');
const toasts = collectToasts();
const slow = { timeout: 15_000 };
const QUOTE = '0b8e4a6e-2f6c-4c33-9a51-6d3f1d2a7c10';
const MONTAGE = '5a1d3c2b-8e7f-4a6b-9c0d-1e2f3a4b5c6d';

/*
 * By hand: quote 10,000.00 net + 8.1 % VAT 810.00 = 10,810.00; Akonto 30 % = 3,000.00 + 243.00 =
 * 3,243.00 (paid); open 7,000.00 + 567.00 = 7,567.00.
 */
function aSummary(over: Partial<InvoiceStagesDto> = {}): InvoiceStagesDto {
  return {
    quote_id: QUOTE,
    project_id: null,
    currency: 'CHF',
    basis: { net: 10000, vat: 810, total: 10810 },
    invoiced: { net: 3000, vat: 243, total: 3243 },
    open: { net: 7000, vat: 567, total: 7567 },
    paid: 3243,
    invoices: [
      {
        id: 'i1',
        invoice_number: 'RE-2026-0001',
        kind: 'down_payment',
        invoice_date: '2026-03-05',
        status: 'paid',
        net: 3000,
        vat: 243,
        total: 3243,
        open_amount: 0,
        deduction: { net: 3000, vat: 243, total: 3243 },
      },
    ],
    lines: [
      {
        quote_item_id: MONTAGE,
        title: 'Montage',
        unit: 'h',
        unit_price: 120,
        quantity: 38.5,
        invoiced_quantity: 0,
        open_quantity: 38.5,
      },
    ],
    final_invoice_id: null,
    ...over,
  };
}

const render = () =>
  renderWithProviders(
    <Office>
      <StagesSection target={{ quoteId: QUOTE }} canInvoice />
    </Office>,
  );

describe('billing in stages on the quote', () => {
  it('shows what is invoiced and open; «Akontorechnung» 30 % posts the percentage', async () => {
    const calls = mockFetch({
      [`GET /api/invoices/stages?quoteId=${QUOTE}`]: aSummary(),
      'POST /api/invoices': { status: 201, body: { id: 'i2', invoice_number: 'RE-2026-0002' } },
    });
    render();
    const section = await screen.findByTestId('invoice-stages', undefined, slow);
    expect(section.textContent).toContain("CHF 10'810.00");
    expect(section.textContent).toContain("CHF 7'567.00");
    expect(within(section).getByText('RE-2026-0001')).toBeTruthy();
    expect(within(section).getByText('Akontorechnung', { selector: 'td' })).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Akontorechnung' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Noch offen: CHF 7'000.00 exkl. MWST");
    fireEvent.change(within(dialog).getByLabelText('Prozentsatz'), { target: { value: '30' } });
    await waitFor(() => expect(dialog.textContent).toContain("Netto CHF 3'000.00 zuzüglich MWST"));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ kind: 'down_payment', quoteId: QUOTE, percent: 30 });
    await waitFor(() => expect(toasts.map((t) => t.text)).toContain('Akontorechnung RE-2026-0002 erstellt'));
  });

  it('«Teilrechnung» posts the chosen quantities; «Schlussrechnung» previews the deductions', async () => {
    const calls = mockFetch({
      [`GET /api/invoices/stages?quoteId=${QUOTE}`]: aSummary(),
      'POST /api/invoices': { status: 201, body: { id: 'i3', invoice_number: 'RE-2026-0003' } },
    });
    render();
    const section = await screen.findByTestId('invoice-stages', undefined, slow);
    fireEvent.click(within(section).getByRole('button', { name: 'Teilrechnung' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Jetzt verrechnen: Montage'), { target: { value: '20.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'partial',
      quoteId: QUOTE,
      lines: [{ quoteItemId: MONTAGE, quantity: 20.5 }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(section).getByRole('button', { name: 'Schlussrechnung' }));
    dialog = await screen.findByRole('dialog');
    // 10,810.00 − 3,243.00 = 7,567.00
    expect(dialog.textContent).toContain("Abzug: 1 Rechnung über CHF 3'243.00");
    expect(dialog.textContent).toContain("Voraussichtlich zu bezahlen: CHF 7'567.00");
  });

  it('after the final invoice: no more buttons, «alles verrechnet»', async () => {
    mockFetch({
      [`GET /api/invoices/stages?quoteId=${QUOTE}`]: aSummary({ final_invoice_id: 'i9' }),
    });
    render();
    const section = await screen.findByTestId('invoice-stages', undefined, slow);
    expect(section.textContent).toContain('Die Schlussrechnung ist erstellt');
    expect(within(section).queryByRole('button', { name: 'Akontorechnung' })).toBeNull();
  });

  it('a quote billed by one ordinary invoice offers no stages', async () => {
    mockFetch({
      [`GET /api/invoices/stages?quoteId=${QUOTE}`]: aSummary({
        invoices: [{ ...aSummary().invoices[0]!, kind: 'invoice', total: 10810 }],
      }),
    });
    render();
    const section = await screen.findByTestId('invoice-stages', undefined, slow);
    expect(within(section).getByText('Rechnung', { selector: 'td' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Schlussrechnung' })).toBeNull();
  });

  it("stageFinalPreview takes the server's deductions: after credit notes, a cancelled one with what was paid", () => {
    const dp = aSummary().invoices[0]!;
    const s = aSummary({
      invoices: [
        // Akonto 3,243.00 with a credit note of 324.30 (300.00 + 24.30): deducts 2,700.00 + 218.70 = 2,918.70
        { ...dp, deduction: { net: 2700, vat: 218.7, total: 2918.7 } },
        // Akonto 1,081.00, 540.50 paid, cancelled: deducts what was paid, 500.00 + 40.50 = 540.50
        { ...dp, id: 'x', status: 'cancelled', total: 1081, deduction: { net: 500, vat: 40.5, total: 540.5 } },
        // Akonto 540.50 cancelled unpaid: fully credited, deducts nothing and is not counted
        { ...dp, id: 'z', status: 'cancelled', total: 540.5, deduction: { net: 0, vat: 0, total: 0 } },
        // partial 2,000.00 + 162.00 = 2,162.00, no credit note
        {
          ...dp,
          id: 'y',
          kind: 'partial',
          status: 'sent',
          total: 2162,
          deduction: { net: 2000, vat: 162, total: 2162 },
        },
        // an ordinary invoice of the quote is never deducted
        { ...dp, id: 'w', kind: 'invoice', status: 'sent', total: 500, deduction: null },
      ],
    });
    // 2,918.70 + 540.50 + 2,162.00 = 5,621.20; 10,810.00 − 5,621.20 = 5,188.80
    expect(stageFinalPreview(s)).toEqual({ count: 3, deducted: 5621.2, remaining: 5188.8 });
  });

  it('the invoice list and detail tag a stage invoice with its kind, not an ordinary one', () => {
    const { container } = renderWithProviders(
      <Office>
        <StageKindTag invoice={{ kind: 'final' }} />
        <StageKindTag invoice={{ kind: 'invoice' }} />
      </Office>,
    );
    expect(container.textContent).toBe('Schlussrechnung');
  });
});
