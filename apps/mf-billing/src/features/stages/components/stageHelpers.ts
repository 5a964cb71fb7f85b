import type { InvoiceStagesDto, StageAmounts } from '@zunft/contracts';

const round2 = (n: number) => Math.round(n * 100 + (n >= 0 ? 1e-9 : -1e-9)) / 100;

/**
 * What the final invoice will deduct and, with a quote, what is left to pay: the quote's total minus
 * those deductions. The figures are the server's (`deduction` of each down-payment and partial
 * invoice in GET /invoices/stages: net and VAT after its credit notes, a cancelled one with what was
 * paid on it, MWSTG art. 41); an invoice that deducts nothing (fully credited) is not counted. The
 * server computes the final's VAT (on the whole minus the VAT invoiced); this is the dialog's preview.
 */
export function stageFinalPreview(summary: InvoiceStagesDto): {
  count: number;
  deducted: number;
  remaining: number | null;
} {
  const amounts = stageDeductions(summary).filter((d) => d.total !== 0 || d.net !== 0 || d.vat !== 0);
  const deducted = round2(amounts.reduce((s, d) => s + d.total, 0));
  return {
    count: amounts.length,
    deducted,
    remaining: summary.basis ? round2(summary.basis.total - deducted) : null,
  };
}

/** Each down-payment and partial invoice's deduction as the server answers it. */
function stageDeductions(summary: InvoiceStagesDto): StageAmounts[] {
  return summary.invoices
    .filter((i) => i.kind === 'down_payment' || i.kind === 'partial')
    .map((i) => i.deduction)
    .filter((d): d is StageAmounts => !!d);
}
