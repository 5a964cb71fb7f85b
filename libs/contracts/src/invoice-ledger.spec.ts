import { describe, expect, it } from '@jest/globals';
import { canChangeInvoiceStatus, invoiceStatusFor, openPrincipalCents } from './invoice-ledger.js';

const at = (current: Parameters<typeof invoiceStatusFor>[0]['current'], openCents: number, issued = true) =>
  invoiceStatusFor({ current, issued, openCents, dueDate: '2026-11-30', today: '2026-12-05' });

describe('invoiceStatusFor: the one status rule (issue 22)', () => {
  it('never issued: a draft, whatever is booked', () => {
    expect(at('draft', 100_00, false)).toBe('draft');
    expect(at('sent', 0, false)).toBe('draft');
  });

  it('issued and nothing open: paid; something open: the label stays', () => {
    expect(at('sent', 0)).toBe('paid');
    expect(at('overdue', -5_00)).toBe('paid'); // an overpayment closes it too
    expect(at('sent', 1)).toBe('sent');
    expect(at('overdue', 250_00)).toBe('overdue');
  });

  it('a paid invoice that owes again (reversal) is overdue after its due date, sent before it', () => {
    expect(at('paid', 100_00)).toBe('overdue');
    expect(
      invoiceStatusFor({
        current: 'paid',
        issued: true,
        openCents: 100_00,
        dueDate: '2026-12-31',
        today: '2026-12-05',
      }),
    ).toBe('sent');
    // the due date itself is not overdue yet
    expect(
      invoiceStatusFor({ current: 'paid', issued: true, openCents: 1, dueDate: '2026-12-05', today: '2026-12-05' }),
    ).toBe('sent');
  });

  it('Storno and write-off stay closed while nothing is open, and reopen like paid when a payment is reversed', () => {
    expect(at('cancelled', 0)).toBe('cancelled');
    expect(at('written_off', 0)).toBe('written_off');
    expect(at('cancelled', 50_00)).toBe('overdue');
    expect(at('written_off', 50_00)).toBe('overdue');
  });
});

describe('INVOICE_STATUS_TRANSITIONS: what a label change may do', () => {
  it('paid, cancelled and written-off are left only through the ledger, never by a label', () => {
    for (const to of ['draft', 'sent', 'overdue'] as const) {
      expect(canChangeInvoiceStatus('paid', to)).toBe(false);
      expect(canChangeInvoiceStatus('cancelled', to)).toBe(false);
      expect(canChangeInvoiceStatus('written_off', to)).toBe(false);
    }
    expect(canChangeInvoiceStatus('sent', 'paid')).toBe(true);
    expect(canChangeInvoiceStatus('paid', 'paid')).toBe(true);
  });
});

describe('openPrincipalCents: OR 85 para. 1, fees and interest first', () => {
  it('a part payment of 100.00 on 1,000.00 with 20.00 fee and 5.00 interest lowers the principal by 75.00', () => {
    expect(
      openPrincipalCents({
        totalCents: 1000_00,
        creditedCents: 0,
        writtenOffCents: 0,
        paidCents: 100_00,
        feesCents: 20_00,
        interestCents: 5_00,
      }),
    ).toBe(925_00);
  });

  it('a payment below the fees leaves the principal whole; credit notes and write-offs lower it; never below 0', () => {
    expect(
      openPrincipalCents({
        totalCents: 500_00,
        creditedCents: 0,
        writtenOffCents: 0,
        paidCents: 10_00,
        feesCents: 20_00,
        interestCents: 0,
      }),
    ).toBe(500_00);
    expect(
      openPrincipalCents({
        totalCents: 500_00,
        creditedCents: 108_10,
        writtenOffCents: 91_90,
        paidCents: 0,
        feesCents: 0,
        interestCents: 0,
      }),
    ).toBe(300_00);
    expect(
      openPrincipalCents({
        totalCents: 500_00,
        creditedCents: 0,
        writtenOffCents: 0,
        paidCents: 900_00,
        feesCents: 0,
        interestCents: 0,
      }),
    ).toBe(0);
  });
});
