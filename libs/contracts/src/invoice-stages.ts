import { z } from 'zod';
import { emptyToNull } from './common.js';
import {
  INVOICE_KIND_LABELS,
  computeInvoiceTotals,
  roundMoney,
  type InvoiceKind,
  type InvoiceStatus,
  type VatBreakdownLine,
} from './invoices.js';

/*
 * Billing in stages (issue 22): down-payment (Akonto-), partial (Teil-) and final (Schluss-)
 * invoices of an accepted quote or of a project. A down payment is invoiced with VAT when it is
 * asked for (MWSTG art. 40 para. 1: the tax on an advance payment arises with its invoice or its
 * receipt), so the final invoice shows the whole work and deducts every down-payment and partial
 * invoice with its net and VAT per rate; its VAT is the VAT on the whole minus the VAT already
 * invoiced. The arithmetic is here, once, for the server, the screens and the tests.
 */

/** A stage invoice the final invoice deducts, with its net and VAT per rate. */
export interface StageDeduction {
  invoice_id: string;
  invoice_number: string;
  kind: InvoiceKind;
  invoice_date: string;
  breakdown: VatBreakdownLine[];
}

/** An invoice line as `computeInvoiceTotals` reads it, with what the server stores about a deduction. */
export interface StageLine {
  title: string;
  description: string | null;
  quantity: number;
  unitPrice: number;
  vatRate: number;
  deductedInvoiceId: string | null;
  deductedVat: number | null;
}

/** 2026-03-05 → 05.03.2026 */
const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const chf = (n: number) => n.toFixed(2);

/**
 * The net amount of a down payment: `percent` of the basis (the quote's net amount, to 0.01) or
 * the amount given (excluding VAT).
 */
export function downPaymentNet(basisNet: number, input: { percent?: number | null; amount?: number | null }): number {
  if (input.percent !== undefined && input.percent !== null) return roundMoney((basisNet * input.percent) / 100);
  return roundMoney(input.amount ?? 0);
}

/**
 * One negative line per deducted invoice and rate: «Abzüglich Akontorechnung RE-2026-0001 vom
 * 05.03.2026», its net as the price and its VAT as `deductedVat`, so the final's totals (the one
 * rule, `computeInvoiceTotals`) take the VAT already invoiced off the VAT on the whole.
 */
export function stageDeductionLines(deductions: readonly StageDeduction[]): StageLine[] {
  return deductions.flatMap((d) =>
    d.breakdown
      .filter((b) => b.net !== 0 || b.vat !== 0)
      .map((b) => ({
        title: `Abzüglich ${INVOICE_KIND_LABELS[d.kind]} ${d.invoice_number} vom ${swissDate(d.invoice_date)}`,
        description: `Netto ${chf(b.net)}, MWST ${b.rate} %: ${chf(b.vat)}`,
        quantity: 1,
        unitPrice: -b.net,
        vatRate: b.rate,
        deductedInvoiceId: d.invoice_id,
        deductedVat: b.vat,
      })),
  );
}

/** Net and VAT per rate of an invoice's own lines (what a later final invoice deducts). */
export function stageBreakdown(
  items: ReadonlyArray<{ quantity: number; unitPrice: number; vatRate: number }>,
  vatRate: number,
  currency: 'CHF' | 'EUR' = 'CHF',
): VatBreakdownLine[] {
  return computeInvoiceTotals(items, vatRate, currency).vat_breakdown;
}

/** Net, VAT and total of one stage summary figure. */
export interface StageAmounts {
  net: number;
  vat: number;
  total: number;
}

/** One invoice of a quote or project in GET /invoices/stages. */
export interface StageInvoiceDto {
  id: string;
  invoice_number: string;
  kind: InvoiceKind;
  invoice_date: string;
  status: InvoiceStatus;
  net: number;
  vat: number;
  total: number;
  open_amount: number;
  /**
   * What a final invoice deducts of this down-payment or partial invoice (null for other kinds): net
   * and VAT after its credit notes (MWSTG art. 41), a cancelled one with what was paid on it; total is
   * its gross after credit notes. Of a partial (not cancelled) only credit note lines that credit
   * quantity of a quote line count; a price credit stays a reduction granted (the final does not bill
   * it again). Of a quote's partial only its quote lines count: its free lines (work beyond the
   * quote) stay billed by the partial alone, neither in `invoiced` nor deducted by the final. The
   * UIs show these instead of recomputing.
   */
  deduction?: StageAmounts | null;
}

/** A quote line with what the partial invoices took of it. */
export interface StageQuoteLineDto {
  quote_item_id: string;
  title: string;
  unit: string;
  unit_price: number;
  quantity: number;
  invoiced_quantity: number;
  open_quantity: number;
}

/**
 * GET /invoices/stages?quoteId=|projectId=: what of a quote or project is invoiced and what is
 * open. `basis` is the accepted quote's net/VAT/total (null for a project); `open` = basis −
 * invoiced (null without basis). A project lists every invoice of the project. `invoiced` counts each
 * invoice after its credit notes (a cancelled one with what was paid on it; a partial after those
 * that credit quote quantity, its price credits are no work open again); `invoices` show each
 * invoice's own figures.
 */
export interface InvoiceStagesDto {
  quote_id: string | null;
  project_id: string | null;
  currency: 'CHF' | 'EUR';
  basis: StageAmounts | null;
  invoiced: StageAmounts;
  open: StageAmounts | null;
  paid: number;
  invoices: StageInvoiceDto[];
  lines: StageQuoteLineDto[];
  /** The final invoice once there is one: no further stage can be invoiced. */
  final_invoice_id: string | null;
  /** A project: its signed reports no invoice bills yet (the final invoice takes them); null for a quote. */
  uninvoiced_reports?: number | null;
}

/** Sums of stage invoices (cancelled ones excluded) and what is open against a basis. */
export function stageTotals(
  invoices: ReadonlyArray<Pick<StageInvoiceDto, 'net' | 'vat' | 'total' | 'status'>>,
  basis: StageAmounts | null,
): { invoiced: StageAmounts; open: StageAmounts | null } {
  const counted = invoices.filter((i) => i.status !== 'cancelled');
  const sum = (k: keyof StageAmounts) => roundMoney(counted.reduce((s, i) => s + i[k], 0));
  const invoiced = { net: sum('net'), vat: sum('vat'), total: sum('total') };
  const open = basis
    ? {
        net: roundMoney(basis.net - invoiced.net),
        vat: roundMoney(basis.vat - invoiced.vat),
        total: roundMoney(basis.total - invoiced.total),
      }
    : null;
  return { invoiced, open };
}

/** GET /invoices/stages?quoteId=…|projectId=… (exactly one). */
export const invoiceStagesQuerySchema = z
  .object({
    quoteId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Angebots-ID' }).nullable()).optional(),
    projectId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Projekt-ID' }).nullable()).optional(),
  })
  .refine((v) => !v.quoteId !== !v.projectId, {
    message: 'Bitte geben Sie entweder ein Angebot oder ein Projekt an',
    path: ['quoteId'],
  });
export type InvoiceStagesQuery = z.output<typeof invoiceStagesQuerySchema>;
