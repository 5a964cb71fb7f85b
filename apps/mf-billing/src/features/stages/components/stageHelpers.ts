import type { InvoiceStagesDto } from '@zunft/contracts';

const round2 = (n: number) => Math.round(n * 100 + (n >= 0 ? 1e-9 : -1e-9)) / 100;

/**
 * What the final invoice will deduct (the down-payment and partial invoices not cancelled, their
 * totals) and, with a quote, what is left to pay: the quote's total minus those totals. The server
 * computes the final's VAT (on the whole minus the VAT invoiced); this is the dialog's preview.
 */
export function stageFinalPreview(summary: InvoiceStagesDto): {
  count: number;
  deducted: number;
  remaining: number | null;
} {
  const stages = summary.invoices.filter(
    (i) => i.status !== 'cancelled' && (i.kind === 'down_payment' || i.kind === 'partial'),
  );
  const deducted = round2(stages.reduce((s, i) => s + i.total, 0));
  return {
    count: stages.length,
    deducted,
    remaining: summary.basis ? round2(summary.basis.total - deducted) : null,
  };
}
