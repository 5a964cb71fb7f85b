import { describe, expect, it } from '@jest/globals';
import { downPaymentNet, stageDeductionLines, stageTotals, type StageDeduction } from './invoice-stages.js';
import { computeInvoiceTotals, createInvoiceRequestSchema } from './invoices.js';

const UUID = '6f1c2a56-6b0e-4a4b-9d35-0c1f6d8a2b11';

describe('down payment (Akonto)', () => {
  it('a percentage of the net basis, to 0.01; or the amount given', () => {
    expect(downPaymentNet(10000, { percent: 30 })).toBe(3000);
    // 1,234.55 × 33.33 % = 411.476… → 411.48
    expect(downPaymentNet(1234.55, { percent: 33.33 })).toBe(411.48);
    expect(downPaymentNet(10000, { amount: 2500.5 })).toBe(2500.5);
  });
});

describe('final invoice: the whole minus the stage invoices', () => {
  const deductions: StageDeduction[] = [
    {
      invoice_id: UUID,
      invoice_number: 'RE-2026-0001',
      kind: 'down_payment',
      invoice_date: '2026-03-05',
      breakdown: [{ rate: 8.1, net: 3000, vat: 243 }],
    },
    {
      invoice_id: UUID,
      invoice_number: 'RE-2026-0002',
      kind: 'partial',
      invoice_date: '2026-04-01',
      breakdown: [
        { rate: 8.1, net: 2460, vat: 199.26 },
        { rate: 2.6, net: 0, vat: 0 },
      ],
    },
  ];

  it('one line per deducted invoice and rate (a rate without amount left out), titled with number and date', () => {
    expect(stageDeductionLines(deductions)).toEqual([
      {
        title: 'Abzüglich Akontorechnung RE-2026-0001 vom 05.03.2026',
        description: 'Netto 3000.00, MWST 8.1 %: 243.00',
        quantity: 1,
        unitPrice: -3000,
        vatRate: 8.1,
        deductedInvoiceId: UUID,
        deductedVat: 243,
      },
      {
        title: 'Abzüglich Teilrechnung RE-2026-0002 vom 01.04.2026',
        description: 'Netto 2460.00, MWST 8.1 %: 199.26',
        quantity: 1,
        unitPrice: -2460,
        vatRate: 8.1,
        deductedInvoiceId: UUID,
        deductedVat: 199.26,
      },
    ]);
  });

  it('VAT on the whole (10,000.00 → 810.00) minus the VAT invoiced (243.00 + 199.26) = 367.74; 4,907.74 → 4,907.75', () => {
    const whole = [
      { quantity: 38.5, unitPrice: 120, vatRate: 8.1 }, // 4,620.00
      { quantity: 1, unitPrice: 5380, vatRate: 8.1 }, // 5,380.00
    ];
    const t = computeInvoiceTotals([...whole, ...stageDeductionLines(deductions)], 8.1);
    expect(t).toMatchObject({
      subtotal: 4540,
      vat_amount: 367.74,
      vat_breakdown: [{ rate: 8.1, net: 4540, vat: 367.74 }],
      total_before_rounding: 4907.74,
      rounding: 0.01,
      total: 4907.75,
    });
  });

  it('the VAT already invoiced is subtracted as invoiced, not recomputed on the difference', () => {
    // whole 1.55 → VAT 0.12555 = 0.13; deducted 1.00 with its VAT 0.08 → 0.55 net, VAT 0.13 − 0.08 = 0.05
    // (8.1 % of 0.55 alone would be 0.04455 = 0.04)
    const t = computeInvoiceTotals(
      [
        { quantity: 1, unitPrice: 1.55, vatRate: 8.1 },
        { quantity: 1, unitPrice: -1, vatRate: 8.1, deductedVat: 0.08 },
      ],
      8.1,
    );
    expect(t.vat_breakdown).toEqual([{ rate: 8.1, net: 0.55, vat: 0.05 }]);
    expect(t).toMatchObject({ subtotal: 0.55, vat_amount: 0.05, total_before_rounding: 0.6, total: 0.6 });
  });

  it('lines without deductedVat keep the rule as it was', () => {
    expect(computeInvoiceTotals([{ quantity: 1, unitPrice: 100 }], 8.1).vat_breakdown).toEqual([
      { rate: 8.1, net: 100, vat: 8.1 },
    ]);
  });
});

describe('invoiced and open', () => {
  it('sums the stage invoices without the cancelled ones; open = basis − invoiced', () => {
    const invoices = [
      { net: 3000, vat: 243, total: 3243, status: 'paid' as const },
      { net: 2460, vat: 199.26, total: 2659.25, status: 'sent' as const },
      { net: 999, vat: 80.92, total: 1079.9, status: 'cancelled' as const },
    ];
    expect(stageTotals(invoices, { net: 10000, vat: 810, total: 10810 })).toEqual({
      invoiced: { net: 5460, vat: 442.26, total: 5902.25 },
      open: { net: 4540, vat: 367.74, total: 4907.75 },
    });
    expect(stageTotals(invoices, null).open).toBeNull();
  });
});

describe('the request', () => {
  it('kind defaults to invoice; a down payment takes a percentage or an amount, not both', () => {
    expect(
      createInvoiceRequestSchema.parse({ customerId: UUID, items: [{ title: 'x', quantity: 1, unitPrice: 1 }] }).kind,
    ).toBe('invoice');
    expect(createInvoiceRequestSchema.safeParse({ kind: 'down_payment', quoteId: UUID, percent: 30 }).success).toBe(
      true,
    );
    const both = createInvoiceRequestSchema.safeParse({
      kind: 'down_payment',
      quoteId: UUID,
      percent: 30,
      amount: 100,
    });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe(
      'Bitte geben Sie für die Akontorechnung entweder einen Prozentsatz oder einen Betrag an',
    );
    expect(createInvoiceRequestSchema.safeParse({ kind: 'final', projectId: UUID }).success).toBe(true);
  });
});
