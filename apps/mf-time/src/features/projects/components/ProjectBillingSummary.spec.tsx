import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InvoiceStagesDto } from '@zunft/contracts';
import { renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { mockFetch } from '../../expenses/components/testData';
import { ProjectBillingSummary } from './ProjectBillingSummary';

const PROJECT = '3c9a1f0e-7b2d-4e6a-8c5f-2d1e0b9a7c64';
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

/*
 * By hand: Akonto 1'081.00 (paid), final 448.50 (open), a cancelled invoice of 500.00 left out:
 * invoiced 1'529.50, paid 1'081.00, not yet paid 448.50.
 */
const summary: InvoiceStagesDto = {
  quote_id: null,
  project_id: PROJECT,
  currency: 'CHF',
  basis: null,
  invoiced: { net: 1420, vat: 109.52, total: 1529.5 },
  open: null,
  paid: 1081,
  invoices: [
    {
      id: 'a',
      invoice_number: 'RE-2026-0001',
      kind: 'down_payment',
      invoice_date: '2026-03-01',
      status: 'paid',
      net: 1000,
      vat: 81,
      total: 1081,
      open_amount: 0,
      deduction: { net: 1000, vat: 81, total: 1081 },
    },
    {
      id: 'b',
      invoice_number: 'RE-2026-0002',
      kind: 'final',
      invoice_date: '2026-04-01',
      status: 'sent',
      net: 420,
      vat: 28.52,
      total: 448.5,
      open_amount: 448.5,
    },
    {
      id: 'c',
      invoice_number: 'RE-2026-0003',
      kind: 'invoice',
      invoice_date: '2026-04-02',
      status: 'cancelled',
      net: 462.53,
      vat: 37.47,
      total: 500,
      open_amount: 500,
    },
  ],
  lines: [],
  final_invoice_id: 'b',
  uninvoiced_reports: 2,
};

describe('the project drawer shows what is invoiced', () => {
  it('invoiced, paid, not yet paid, the final marker and the signed reports not yet invoiced', async () => {
    const mock = mockFetch((method, url) =>
      method === 'GET' && url === `/api/invoices/stages?projectId=${PROJECT}`
        ? { status: 200, body: summary }
        : undefined,
    );
    restore = mock.restore;
    const Session = signedInAs('backoffice');
    renderWithProviders(
      <Session>
        <ProjectBillingSummary projectId={PROJECT} />
      </Session>,
    );
    const box = await screen.findByTestId('project-billing', undefined, { timeout: 15_000 });
    expect(box.textContent).toContain("CHF 1'529.50");
    expect(box.textContent).toContain("CHF 1'081.00");
    expect(box.textContent).toContain('CHF 448.50');
    expect(box.textContent).toContain('Schlussrechnung erstellt');
    expect(box.textContent).toContain('2 unterschriebene Rapporte noch nicht verrechnet');
  });
});

describe('the project drawer makes stage invoices (office)', () => {
  const open: InvoiceStagesDto = {
    ...summary,
    invoices: [summary.invoices[0]!],
    invoiced: { net: 1000, vat: 81, total: 1081 },
    final_invoice_id: null,
  };
  const created = (kind: string, number: string) => ({
    status: 201,
    body: { id: number, kind, invoice_number: number },
  });

  it('«Akontorechnung» posts the amount, «Teilrechnung» its free lines, «Schlussrechnung» the project only', async () => {
    const mock = mockFetch((method, url, body) => {
      if (method === 'GET' && url === `/api/invoices/stages?projectId=${PROJECT}`) return { status: 200, body: open };
      if (method === 'POST' && url === '/api/invoices') {
        const kind = (body as { kind: string }).kind;
        return created(kind, kind === 'final' ? 'RE-2026-0012' : 'RE-2026-0011');
      }
      return undefined;
    });
    restore = mock.restore;
    const Session = signedInAs('backoffice');
    renderWithProviders(
      <Session>
        <ProjectBillingSummary projectId={PROJECT} />
      </Session>,
    );
    await screen.findByTestId('project-billing', undefined, { timeout: 15_000 });
    const posts = () => mock.calls.filter((c) => c.method === 'POST').map((c) => c.body);

    // Akonto: nothing entered → the German hint, no request; then 1,500.00 excl. VAT
    fireEvent.click(screen.getByRole('button', { name: 'Akontorechnung' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rechnung erstellen' }));
    expect(await screen.findByText('Bitte geben Sie einen Betrag an.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Betrag exkl. MWST (CHF)'), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechnung erstellen' }));
    await waitFor(() => expect(posts()).toEqual([{ kind: 'down_payment', projectId: PROJECT, amount: 1500 }]));
    await waitFor(() => expect(screen.queryByLabelText('Betrag exkl. MWST (CHF)')).toBeNull());

    // Teilrechnung: two free lines
    fireEvent.click(screen.getByRole('button', { name: 'Teilrechnung' }));
    fireEvent.change(await screen.findByLabelText('Bezeichnung 1'), { target: { value: 'Rohbau' } });
    fireEvent.change(screen.getByLabelText('Menge 1'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Preis exkl. MWST 1'), { target: { value: '2400' } });
    fireEvent.click(screen.getByRole('button', { name: /Position hinzufügen/ }));
    fireEvent.change(screen.getByLabelText('Bezeichnung 2'), { target: { value: 'Gerüst' } });
    fireEvent.change(screen.getByLabelText('Menge 2'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Preis exkl. MWST 2'), { target: { value: '150.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechnung erstellen' }));
    await waitFor(() =>
      expect(posts()[1]).toEqual({
        kind: 'partial',
        projectId: PROJECT,
        items: [
          { type: 'other', title: 'Rohbau', quantity: 1, unitPrice: 2400 },
          { type: 'other', title: 'Gerüst', quantity: 3, unitPrice: 150.5 },
        ],
      }),
    );
    await waitFor(() => expect(screen.queryByLabelText('Bezeichnung 1')).toBeNull());

    // Schlussrechnung: the Akonto of 1,081.00 is deducted; the server computes the rest
    fireEvent.click(screen.getByRole('button', { name: 'Schlussrechnung' }));
    expect(await screen.findByText("Abgezogen wird 1 Rechnung über CHF 1'081.00.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rechnung erstellen' }));
    await waitFor(() => expect(posts()[2]).toEqual({ kind: 'final', projectId: PROJECT }));
  });

  it("«Schlussrechnung» shows the server's deductions: after credit notes, a cancelled Akonto with what was paid", async () => {
    // By hand: Akonto 1,081.00 credited by 108.10 (100.00 + 8.10) → deducts 900.00 + 72.90 = 972.90;
    // Akonto 540.50, 270.25 paid, cancelled → deducts 250.00 + 20.25 = 270.25; Akonto 216.20 cancelled
    // unpaid → deducts nothing, not counted. 972.90 + 270.25 = 1,243.15 (the invoices' own totals would
    // have said 1,081.00 or 1,837.70).
    const a = summary.invoices[0]!;
    const credited: InvoiceStagesDto = {
      ...open,
      invoices: [
        { ...a, deduction: { net: 900, vat: 72.9, total: 972.9 } },
        { ...a, id: 'd', status: 'cancelled', total: 540.5, deduction: { net: 250, vat: 20.25, total: 270.25 } },
        { ...a, id: 'e', status: 'cancelled', total: 216.2, deduction: { net: 0, vat: 0, total: 0 } },
      ],
    };
    const mock = mockFetch((method, url) =>
      method === 'GET' && url === `/api/invoices/stages?projectId=${PROJECT}`
        ? { status: 200, body: credited }
        : undefined,
    );
    restore = mock.restore;
    const Session = signedInAs('backoffice');
    renderWithProviders(
      <Session>
        <ProjectBillingSummary projectId={PROJECT} />
      </Session>,
    );
    await screen.findByTestId('project-billing', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Schlussrechnung' }));
    expect(await screen.findByText("Abgezogen werden 2 Rechnungen über CHF 1'243.15.")).toBeTruthy();
  });

  it('no stage buttons once the final invoice stands', async () => {
    const mock = mockFetch((method, url) =>
      method === 'GET' && url === `/api/invoices/stages?projectId=${PROJECT}`
        ? { status: 200, body: summary }
        : undefined,
    );
    restore = mock.restore;
    const Session = signedInAs('backoffice');
    renderWithProviders(
      <Session>
        <ProjectBillingSummary projectId={PROJECT} />
      </Session>,
    );
    await screen.findByTestId('project-billing', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Akontorechnung' })).toBeNull();
  });
});
