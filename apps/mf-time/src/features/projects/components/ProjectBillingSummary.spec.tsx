import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
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
