import { Injectable } from '@nestjs/common';
import {
  computeInvoiceTotals,
  downPaymentNet,
  roundMoney,
  stageDeductionLines,
  stageTotals,
  type CreateInvoiceRequestParsed,
  type InvoiceDetailDto,
  type InvoiceStagesDto,
  type InvoiceStagesQuery,
  type QuoteDto,
  type StageAmounts,
  type StageDeduction,
  type VatBreakdownLine,
} from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../../common/actor.js';
import { DirectoryService } from '../../directory/index.js';
import { QuotesService } from '../../quotes/quotes.service.js';
import { ReportSnapshotReader } from '../../reports/index.js';
import { InvoiceErrors } from '../invoices.errors.js';
import type { BillingCompany, InvoiceItemWrite } from '../invoices.repository.js';
import { InvoicesService, reportLines } from '../invoices.service.js';
import {
  InvoiceStagesRepository,
  type StageGroup,
  type StageInvoiceRow,
  type StageItemMark,
} from './invoice-stages.repository.js';

/** A line of the new invoice and what the stage marks on it. */
type StageItem = InvoiceItemWrite & {
  deductedVat?: number | null;
  quoteItemId?: string | null;
  deductedInvoiceId?: string | null;
};

const STAGE_KINDS = new Set(['down_payment', 'partial']);
const fmt = (n: number) => n.toFixed(2);
const sameTitle = (x: string, y: string) => x.trim().toLocaleLowerCase('de-CH') === y.trim().toLocaleLowerCase('de-CH');

/**
 * What the credit notes of a partial invoice (not cancelled) gave back of its quote lines: a credit
 * note line that names a quote line the partial billed (same title, same unit price and rate) returns
 * its quantity, at most what the partial billed of it. Every other credit (a gross amount, a discount
 * line, a price correction at another unit price) lowers the price only: the work stays billed, so its
 * quantity is not open again and the final does not bill it a second time. Per quote line the
 * quantity returned; per rate the net and VAT of those lines and their gross (the one totals rule,
 * per credit note).
 */
const returnedOf = (
  inv: StageInvoiceRow,
): { quantities: Map<string, number>; breakdown: VatBreakdownLine[]; total: number } => {
  const quantities = new Map<string, number>();
  const byRate = new Map<number, { net: number; vat: number }>();
  let total = 0;
  if (inv.kind !== 'partial' || inv.status === 'cancelled') return { quantities, breakdown: [], total };
  // The partial's quote lines with what is still billed of each (a line credited in full matches no more).
  const billed = inv.items.flatMap((it) => (it.quote_item_id ? [{ ...it, left: it.quantity }] : []));
  for (const note of inv.credit_note_lines) {
    const lines: Array<{ quantity: number; unitPrice: number; vatRate: number }> = [];
    for (const l of note) {
      const line = billed.find(
        (it) =>
          it.left > 0 && sameTitle(it.title, l.title) && it.unit_price === l.unit_price && it.vat_rate === l.vat_rate,
      );
      if (!line) continue;
      const quantity = roundMoney(Math.min(l.quantity, line.left));
      line.left = roundMoney(line.left - quantity);
      quantities.set(line.quote_item_id!, roundMoney((quantities.get(line.quote_item_id!) ?? 0) + quantity));
      lines.push({ quantity, unitPrice: l.unit_price, vatRate: l.vat_rate });
    }
    if (lines.length === 0) continue;
    const totals = computeInvoiceTotals(lines, inv.vat_rate, inv.currency);
    total = roundMoney(total + totals.total);
    for (const b of totals.vat_breakdown) {
      const sum = byRate.get(b.rate) ?? { net: 0, vat: 0 };
      byRate.set(b.rate, { net: roundMoney(sum.net + b.net), vat: roundMoney(sum.vat + b.vat) });
    }
  }
  return { quantities, breakdown: [...byRate].map(([rate, b]) => ({ rate, ...b })), total };
};

/**
 * The part of its credit notes that a stage invoice's billed amount is lowered by, per rate: for a
 * partial (not cancelled) only the quote quantities returned (returnedOf; its price credits stay
 * granted), for a down payment and a cancelled invoice all of them.
 */
/**
 * Whether only a stage invoice's quote lines count against its quote: a partial (not cancelled) of
 * a quote may carry free lines (work beyond the quote, e.g. «Zusatzmaterial»). They are no part of
 * the quote's whole that the final invoice bills, so the final does not deduct them either: billed
 * once by the partial, neither lost nor billed twice (MWSTG art. 40 para. 1: their tax arose with
 * the partial, which stays their invoice). A project's partials (no quote) consist of free lines
 * only and are part of the project's whole: deducted in full. A cancelled partial counts with what
 * was paid on it, whatever its lines.
 */
const quoteLinesOnly = (inv: StageInvoiceRow, ofQuote: boolean): boolean =>
  ofQuote && inv.kind === 'partial' && inv.status !== 'cancelled';

const creditedCounted = (inv: StageInvoiceRow): VatBreakdownLine[] =>
  inv.kind === 'partial' && inv.status !== 'cancelled' ? returnedOf(inv).breakdown : inv.credited;

/**
 * What a final invoice deducts of a stage invoice: its net and VAT per rate (its own lines; a final's
 * deductions never are deducted again) minus what its credit notes took back per rate (MWSTG art. 41:
 * the credit note corrected the tax of the credited part already). A Storno credited the unpaid rest,
 * so a cancelled stage invoice still counts with what the customer paid on it; fully credited, it
 * deducts nothing. A partial's price credit (a discount, a gross amount without quantity) is not
 * taken off: its work stays billed and the final bills only what is open, so the reduction granted
 * stays granted (its VAT was corrected by the credit note itself, MWSTG art. 41).
 */
const deductionOf = (inv: StageInvoiceRow, ofQuote: boolean): VatBreakdownLine[] => {
  const own = computeInvoiceTotals(
    inv.items
      .filter((it) => !quoteLinesOnly(inv, ofQuote) || it.quote_item_id)
      .map((it) => ({
        quantity: it.quantity,
        unitPrice: it.unit_price,
        vatRate: it.vat_rate,
        deductedVat: it.deducted_vat,
      })),
    inv.vat_rate,
    inv.currency,
  ).vat_breakdown;
  const credited = creditedCounted(inv);
  const rates = [...new Set([...own.map((b) => b.rate), ...credited.map((b) => b.rate)])].sort((x, y) => y - x);
  return rates.map((rate) => {
    const o = own.find((b) => b.rate === rate) ?? { net: 0, vat: 0 };
    const c = credited.find((b) => b.rate === rate) ?? { net: 0, vat: 0 };
    return { rate, net: roundMoney(o.net - c.net), vat: roundMoney(o.vat - c.vat) };
  });
};
/** What the final deducts of a stage invoice, summed over its rates: net, VAT and their sum (gross). */
const deductionAmounts = (inv: StageInvoiceRow, ofQuote: boolean): StageAmounts => {
  const lines = deductionOf(inv, ofQuote);
  const net = roundMoney(lines.reduce((s, b) => s + b.net, 0));
  const vat = roundMoney(lines.reduce((s, b) => s + b.vat, 0));
  return { net, vat, total: roundMoney(net + vat) };
};
/**
 * An invoice's net, VAT and total after the credit notes that count against the quote (what of the
 * quote stays invoiced by it): all of them, but for a partial only the quote quantities returned
 * (its price credits are reductions granted, not work open again; see creditedCounted).
 */
const afterCredits = (inv: StageInvoiceRow, ofQuote = false): StageAmounts => {
  const partial = inv.kind === 'partial' && inv.status !== 'cancelled';
  const returned = partial ? returnedOf(inv) : null;
  const counted = returned ? returned.breakdown : inv.credited;
  // A quote's partial: only its quote lines are of the quote (quoteLinesOnly), its free lines not.
  const own = quoteLinesOnly(inv, ofQuote)
    ? computeInvoiceTotals(
        inv.items
          .filter((it) => it.quote_item_id)
          .map((it) => ({ quantity: it.quantity, unitPrice: it.unit_price, vatRate: it.vat_rate })),
        inv.vat_rate,
        inv.currency,
      )
    : { subtotal: inv.subtotal, vat_amount: inv.vat_amount, total: inv.total_amount };
  const net = roundMoney(counted.reduce((s, b) => s - b.net, own.subtotal));
  const vat = roundMoney(counted.reduce((s, b) => s - b.vat, own.vat_amount));
  return { net, vat, total: roundMoney(own.total - (returned ? returned.total : inv.credited_total)) };
};

/**
 * Billing in stages (issue 22): down-payment (Akonto-), partial (Teil-) and final (Schluss-)
 * invoices of an accepted quote or of a project. The invoice itself is made by
 * `InvoicesService.insertInvoice` (number, the one totals rule, the ledger's `invoice` entry); this
 * service decides the lines:
 * - down payment: a percentage of the quote's net amount or an amount (excl. VAT), one line at the
 *   quote's rate; with every earlier down-payment and partial invoice at most the quote's net (400);
 * - partial: quote lines with the quantity billed now (at most what is still open of each, 400),
 *   plus free lines;
 * - final: the whole (the quote's lines, a project's signed reports not yet invoiced, and the
 *   request's lines) minus every down-payment and partial invoice (of a quote's partial only its
 *   quote lines: its free lines lie outside the quote and stay billed by the partial alone), one deduction line per invoice
 *   and rate with its net and VAT: the final's VAT is the VAT on the whole minus the VAT already
 *   invoiced (MWSTG art. 40 para. 1: the tax on an advance payment arose with its own invoice).
 *   One final per quote or project (409); stage invoices still in draft are refused (409).
 * A stage invoice counts with what stays of it after its credit notes (a credited Akonto is not
 * deducted twice against the customer; a cancelled one only with what was paid on it before the
 * Storno). Of a partial invoice only a credit note line that credits quantity of a quote line frees
 * that quantity and is taken off its deduction; a price credit (gross amount, discount line, price
 * correction) stays a reduction granted: nothing billed twice, nothing lost. Stage invoices of one
 * quote or project are serialised.
 */
@Injectable()
export class InvoiceStagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: InvoiceStagesRepository,
    private readonly invoices: InvoicesService,
    private readonly quotes: QuotesService,
    private readonly directory: DirectoryService,
    private readonly reports: ReportSnapshotReader,
  ) {}

  async create(actor: Actor, input: CreateInvoiceRequestParsed): Promise<InvoiceDetailDto> {
    const scope = TenantScope.fromClaims(actor);
    const quote = input.quoteId ? await this.quotes.get(actor, input.quoteId) : null;
    if (quote && quote.status !== 'accepted') throw InvoiceErrors.quoteNotAccepted();
    if (input.kind === 'down_payment' && !quote && input.percent !== undefined)
      throw InvoiceErrors.stagePercentNeedsQuote();
    const id = await this.dataSource.transaction(async (m) => {
      const company = await this.invoices.company(m, scope);
      if (!company) throw InvoiceErrors.notFound();
      const projectId = input.projectId ?? quote?.project_id ?? null;
      const project = projectId ? await this.directory.findProject(m, scope, projectId) : null;
      if (input.projectId && !project) throw InvoiceErrors.projectNotFound();
      const customerId = quote?.customer_id ?? input.customerId ?? project?.customer_id ?? null;
      const customer = customerId ? await this.directory.findCustomer(m, scope, customerId) : null;
      if (!customer || customer.deleted) throw InvoiceErrors.customerNotFound();
      if (customer.archived) throw InvoiceErrors.customerArchived();
      const group: StageGroup = quote ? { quoteId: quote.id } : { projectId: project!.id };
      await this.repo.lockGroup(m, scope, group);
      const all = await this.repo.invoices(m, scope, group);
      const earlier = all.filter((i) => i.status !== 'cancelled');
      const final = earlier.find((i) => i.kind === 'final');
      if (final) throw InvoiceErrors.stageFinalExists(final.invoice_number);
      // A quote billed by an ordinary invoice (all its lines) has nothing left for stages.
      const whole = quote ? earlier.find((i) => i.kind === 'invoice') : undefined;
      if (whole) throw InvoiceErrors.stageQuoteInvoiced(whole.invoice_number);
      const items = await this.lines(m, scope, company, input, quote, project?.id ?? null, earlier, all);
      const invoiceId = await this.invoices.insertInvoice(m, scope, actor.userId, company, {
        customerId: customer.id,
        customerName: customer.name,
        projectId: project?.id ?? null,
        projectTitle: project?.title ?? null,
        reportId: null,
        quoteId: quote?.id ?? null,
        invoiceDate: input.invoiceDate ?? null,
        servicePeriodStart: input.servicePeriodStart ?? null,
        servicePeriodEnd: input.servicePeriodEnd ?? null,
        notes: input.notes ?? null,
        items: items.lines,
      });
      const marks: StageItemMark[] = items.lines.map((it, i) => ({
        position: i + 1,
        quoteItemId: it.quoteItemId ?? null,
        deductedInvoiceId: it.deductedInvoiceId ?? null,
        deductedVat: it.deductedVat ?? null,
      }));
      await this.repo.markStage(m, scope, invoiceId, input.kind, marks);
      for (const reportId of items.reportIds) await this.reports.linkInvoice(m, scope.companyId, reportId, invoiceId);
      return invoiceId;
    });
    return this.invoices.detail(actor, id);
  }

  /**
   * GET /invoices/stages: what of the quote or project is invoiced and what is open. A project's
   * summary lists every invoice of the project (also those of its quotes) and counts its signed
   * reports not yet invoiced.
   */
  async summary(actor: Actor, query: InvoiceStagesQuery): Promise<InvoiceStagesDto> {
    const scope = TenantScope.fromClaims(actor);
    const m = this.dataSource.manager;
    let quote: QuoteDto | null = null;
    if (query.quoteId) quote = await this.quotes.get(actor, query.quoteId);
    else if (!(await this.directory.project(m, scope, query.projectId!))) throw InvoiceErrors.projectNotFound();
    const company = await this.invoices.company(m, scope);
    const group: StageGroup = quote ? { quoteId: quote.id } : { projectId: query.projectId! };
    const rows = await this.repo.invoices(m, scope, group, !quote);
    const invoices = rows.map((i) => ({
      id: i.id,
      invoice_number: i.invoice_number,
      kind: i.kind,
      invoice_date: i.invoice_date,
      status: i.status,
      net: i.subtotal,
      vat: i.vat_amount,
      total: i.total_amount,
      open_amount: i.open_amount,
      deduction: STAGE_KINDS.has(i.kind) ? deductionAmounts(i, !!quote) : null,
    }));
    const basis: StageAmounts | null =
      quote && quote.status === 'accepted'
        ? { net: quote.net_amount, vat: quote.vat_amount, total: quote.total }
        : null;
    const live = rows.filter((i) => i.status !== 'cancelled');
    // Invoiced = what stays of every invoice after its credit notes (a Storno's too: a cancelled
    // invoice counts with what was paid on it); stageTotals sums them against the basis.
    const { invoiced, open } = stageTotals(
      rows.map((i) => ({ ...afterCredits(i, !!quote), status: 'sent' as const })),
      basis,
    );
    const taken = this.invoicedQuantities(rows);
    return {
      quote_id: quote?.id ?? null,
      project_id: quote ? quote.project_id : query.projectId!,
      currency: company?.currency ?? 'CHF',
      basis,
      invoiced,
      open,
      paid: roundMoney(rows.reduce((s, i) => s + i.paid_amount, 0)),
      invoices,
      lines: (quote?.items ?? []).map((it) => {
        const done = taken.get(it.id) ?? 0;
        return {
          quote_item_id: it.id,
          title: it.title,
          unit: it.unit,
          unit_price: it.unit_price,
          quantity: it.quantity,
          invoiced_quantity: done,
          open_quantity: Math.max(0, roundMoney(it.quantity - done)),
        };
      }),
      final_invoice_id: live.find((i) => i.kind === 'final')?.id ?? null,
      uninvoiced_reports: quote ? null : (await this.repo.uninvoicedSignedReports(m, scope, query.projectId!)).length,
    };
  }

  /**
   * «Neue Rechnung» from a quote (all its lines) while down-payment or partial invoices of it stand:
   * 409, the quote is settled with the final invoice (which deducts them).
   */
  async assertNoStages(actor: Actor, quoteId: string): Promise<void> {
    const scope = TenantScope.fromClaims(actor);
    const rows = await this.repo.invoices(this.dataSource.manager, scope, { quoteId });
    if (rows.some((i) => i.status !== 'cancelled' && i.kind !== 'invoice')) throw InvoiceErrors.stageUseFinal();
  }

  /** The invoice that bills a signed report already (its own, or a project's final invoice that took it), or null. */
  invoiceOfReport(m: EntityManager, scope: TenantScope, reportId: string): Promise<string | null> {
    return this.repo.invoiceOfReport(m, scope, reportId);
  }

  /**
   * A down-payment or partial invoice that a final invoice deducts cannot be credited or cancelled
   * (409): the final would still deduct what the credit note takes back. Cancel the final first.
   */
  async assertNotDeducted(m: EntityManager, scope: TenantScope, invoiceId: string): Promise<void> {
    const final = await this.repo.deductedBy(m, scope, invoiceId);
    if (final) throw InvoiceErrors.stageDeducted(final);
  }

  // ------------------------------------------------------------------------------------------

  private async lines(
    m: EntityManager,
    scope: TenantScope,
    company: BillingCompany,
    input: CreateInvoiceRequestParsed,
    quote: QuoteDto | null,
    projectId: string | null,
    earlier: StageInvoiceRow[],
    /** Also the cancelled ones: what stays of them after their credit notes is invoiced. */
    all: StageInvoiceRow[],
  ): Promise<{ lines: StageItem[]; reportIds: string[] }> {
    const rate = quote?.vat_rate ?? company.vat_rate;
    const free: StageItem[] = input.items.map((it) => ({
      type: it.type,
      title: it.title,
      description: it.description ?? null,
      quantity: it.quantity,
      unit: it.unit ?? (it.type === 'labor' || it.type === 'travel' || it.type === 'surcharge' ? 'h' : 'Stk'),
      unitPrice: it.unitPrice,
      totalPrice: 0,
      vatRate: it.vatRate ?? company.vat_rate,
    }));
    const stages = earlier.filter((i) => STAGE_KINDS.has(i.kind));
    const counted = all.filter((i) => STAGE_KINDS.has(i.kind));
    if (input.kind === 'down_payment') {
      const basisNet = quote ? computeInvoiceTotals(this.invoices.quoteLines(quote), rate).subtotal : 0;
      const net = downPaymentNet(basisNet, input);
      if (quote) {
        const already = roundMoney(counted.reduce((s, i) => s + afterCredits(i, true).net, 0));
        if (roundMoney(already + net) > basisNet)
          throw InvoiceErrors.stageExceedsQuote(fmt(roundMoney(basisNet - already)));
      }
      const what = quote ? ` gemäss Angebot ${quote.quote_number}` : '';
      const share = input.percent !== undefined ? ` ${input.percent} %` : '';
      return {
        lines: [
          {
            type: 'other',
            title: `Akontozahlung${share}${what}`,
            description: quote ? quote.title : null,
            quantity: 1,
            unit: 'Pauschale',
            unitPrice: net,
            totalPrice: 0,
            vatRate: rate,
          },
        ],
        reportIds: [],
      };
    }
    if (input.kind === 'partial') {
      const taken = this.invoicedQuantities(all);
      const fromQuote: StageItem[] = input.lines.map((l) => {
        const item = quote?.items.find((it) => it.id === l.quoteItemId);
        if (!item) throw InvoiceErrors.stageQuoteItemUnknown();
        const open = roundMoney(item.quantity - (taken.get(item.id) ?? 0));
        if (l.quantity > open) throw InvoiceErrors.stageQuantityTooHigh(item.title, String(Math.max(open, 0)));
        taken.set(item.id, roundMoney((taken.get(item.id) ?? 0) + l.quantity));
        return {
          type: item.type,
          title: item.title,
          description: item.description,
          quantity: l.quantity,
          unit: item.unit,
          unitPrice: item.unit_price,
          totalPrice: 0,
          vatRate: rate,
          quoteItemId: item.id,
        };
      });
      return { lines: [...fromQuote, ...free], reportIds: [] };
    }
    // final
    const pending = stages.find((i) => i.status === 'draft');
    if (pending) throw InvoiceErrors.stageDraftPending(pending.invoice_number);
    const whole: StageItem[] = quote ? this.invoices.quoteLines(quote) : [];
    const reportIds: string[] = [];
    if (!quote && projectId) {
      for (const reportId of await this.repo.uninvoicedSignedReports(m, scope, projectId)) {
        // The report's own invoice (the consumer, the button) waits for this transaction, and vice versa.
        await this.repo.lockReport(m, reportId);
        if (await this.repo.invoiceOfReport(m, scope, reportId)) continue;
        const data = await this.reports.signedReportEventData(scope.companyId, reportId, m);
        if (!data) continue;
        whole.push(
          ...reportLines(data, company.default_hourly_rate).map((l) => ({ ...l, vatRate: l.vatRate ?? rate })),
        );
        reportIds.push(reportId);
      }
    }
    whole.push(...free);
    const deductions: StageDeduction[] = counted.map((i) => ({
      invoice_id: i.id,
      invoice_number: i.invoice_number,
      kind: i.kind,
      invoice_date: i.invoice_date,
      breakdown: deductionOf(i, !!quote),
    }));
    if (whole.length === 0 && deductions.length === 0) throw InvoiceErrors.stageNothingToInvoice();
    const deductionLines: StageItem[] = stageDeductionLines(deductions).map((d) => ({
      type: 'other',
      title: d.title,
      description: d.description,
      quantity: d.quantity,
      unit: 'Pauschale',
      unitPrice: d.unitPrice,
      totalPrice: 0,
      vatRate: d.vatRate,
      deductedInvoiceId: d.deductedInvoiceId,
      deductedVat: d.deductedVat,
    }));
    const lines = [...whole, ...deductionLines];
    if (computeInvoiceTotals(lines, company.vat_rate, company.currency).total < 0)
      throw InvoiceErrors.stageFinalNegative();
    return { lines, reportIds };
  }

  /**
   * Quantity of each quote line billed by the partial invoices, each after its credit notes: only a
   * credit note line that credits quantity of a quote line (returnedOf) frees that quantity; a price
   * credit (a gross amount, a discount line, another unit price) frees none, the work was billed. A
   * cancelled partial counts with the share of its net that was paid on it (the Storno credited the
   * unpaid rest as a gross amount): unpaid, all of its quantities are open again.
   */
  private invoicedQuantities(invoices: StageInvoiceRow[]): Map<string, number> {
    const taken = new Map<string, number>();
    for (const inv of invoices) {
      if (inv.kind !== 'partial') continue;
      const cancelled = inv.status === 'cancelled';
      const returned = returnedOf(inv).quantities;
      const stays = !cancelled
        ? 1
        : inv.subtotal > 0
          ? Math.min(1, Math.max(0, afterCredits(inv).net / inv.subtotal))
          : 1;
      for (const it of inv.items)
        if (it.quote_item_id)
          taken.set(it.quote_item_id, roundMoney((taken.get(it.quote_item_id) ?? 0) + it.quantity * stays));
      for (const [id, back] of returned) taken.set(id, roundMoney((taken.get(id) ?? 0) - back));
    }
    return taken;
  }
}
