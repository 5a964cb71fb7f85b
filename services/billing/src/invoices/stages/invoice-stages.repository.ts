import { Injectable } from '@nestjs/common';
import type { InvoiceKind, InvoiceStatus, VatBreakdownLine } from '@zunft/contracts';
import { rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/** Which invoices belong together: those of a quote, or those of a project made without a quote. */
export type StageGroup = { quoteId: string; projectId?: null } | { quoteId?: null; projectId: string };

/** An invoice of a stage group with its lines (for the deductions and the invoiced quantities). */
export interface StageInvoiceRow {
  id: string;
  invoice_number: string;
  kind: InvoiceKind;
  invoice_date: string;
  status: InvoiceStatus;
  currency: 'CHF' | 'EUR';
  vat_rate: number;
  subtotal: number;
  vat_amount: number;
  total_amount: number;
  open_amount: number;
  paid_amount: number;
  items: Array<{
    title: string;
    quantity: number;
    unit_price: number;
    vat_rate: number;
    quote_item_id: string | null;
    deducted_vat: number | null;
  }>;
  /** What its credit notes (also a Storno's) took back: net and VAT per rate, and the gross total. */
  credited: VatBreakdownLine[];
  credited_total: number;
  /** Its credit notes' lines, oldest note first (empty for a note of a gross amount, e.g. a Storno). */
  credit_note_lines: Array<Array<{ title: string; quantity: number; unit_price: number; vat_rate: number }>>;
}

/** What a stage invoice's lines carry beyond an ordinary line, by position (1-based). */
export interface StageItemMark {
  position: number;
  quoteItemId: string | null;
  deductedInvoiceId: string | null;
  deductedVat: number | null;
}

/** The credit notes' VAT lines of one invoice summed per rate (to 0.01). */
function creditedPerRate(lines: Array<Record<string, unknown>>): VatBreakdownLine[] {
  const byRate = new Map<number, { net: number; vat: number }>();
  for (const l of lines) {
    const rate = Number(l.rate);
    const sum = byRate.get(rate) ?? { net: 0, vat: 0 };
    byRate.set(rate, {
      net: sum.net + Math.round(Number(l.net) * 100),
      vat: sum.vat + Math.round(Number(l.vat) * 100),
    });
  }
  return [...byRate].map(([rate, c]) => ({ rate, net: c.net / 100, vat: c.vat / 100 }));
}

/**
 * The SQL of billing in stages: the invoices of a quote or project, the kind and the stage marks of
 * a new invoice's lines (never its money: the ledger writes that), and the project's signed reports
 * not yet invoiced. Every query takes the tenant scope.
 */
@Injectable()
export class InvoiceStagesRepository {
  /** Serialises stage invoices of one quote or project for the rest of the transaction. */
  async lockGroup(manager: EntityManager, scope: TenantScope, group: StageGroup): Promise<void> {
    const key = group.quoteId ? `quote:${group.quoteId}` : `project:${group.projectId}`;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `invoice-stages:${scope.companyId}:${key}`,
    ]);
  }

  /**
   * Every invoice of the group, oldest first: for a quote those made from it; for a project those
   * of the project made without a quote.
   */
  async invoices(
    manager: EntityManager,
    scope: TenantScope,
    group: StageGroup,
    /** A project's summary: every invoice of the project, also those made from its quotes. */
    wholeProject = false,
  ): Promise<StageInvoiceRow[]> {
    const where = group.quoteId
      ? `i.company_id = $1 AND i.quote_id = $2`
      : `i.company_id = $1 AND i.project_id = $2${wholeProject ? '' : ' AND i.quote_id IS NULL'}`;
    const list = await rows<Record<string, unknown>>(
      manager,
      `SELECT i.id, i.invoice_number, i.kind, i.invoice_date::text AS invoice_date, i.status, i.currency, i.vat_rate,
              i.subtotal, i.vat_amount, i.total_amount, i.open_amount, i.paid_amount,
              COALESCE((SELECT json_agg(json_build_object('title', it.title, 'quantity', it.quantity,
                          'unit_price', it.unit_price,
                          'vat_rate', it.vat_rate, 'quote_item_id', it.quote_item_id, 'deducted_vat', it.deducted_vat)
                        ORDER BY it.position)
                        FROM invoice_items it WHERE it.invoice_id = i.id AND it.company_id = i.company_id), '[]') AS items,
              COALESCE((SELECT json_agg(b.line) FROM credit_notes cn, jsonb_array_elements(cn.vat_breakdown) AS b(line)
                        WHERE cn.company_id = i.company_id AND cn.invoice_id = i.id), '[]') AS credited,
              (SELECT COALESCE(SUM(cn.total), 0) FROM credit_notes cn
                WHERE cn.company_id = i.company_id AND cn.invoice_id = i.id) AS credited_total,
              COALESCE((SELECT json_agg(cn.items ORDER BY cn.credit_date, cn.created_at, cn.id) FROM credit_notes cn
                        WHERE cn.company_id = i.company_id AND cn.invoice_id = i.id), '[]') AS credit_note_lines
       FROM invoices i WHERE ${where} ORDER BY i.invoice_date, i.created_at, i.id`,
      [scope.companyId, group.quoteId ?? group.projectId],
    );
    return list.map((r) => ({
      id: r.id as string,
      invoice_number: r.invoice_number as string,
      kind: r.kind as InvoiceKind,
      invoice_date: r.invoice_date as string,
      status: r.status as InvoiceStatus,
      currency: r.currency as 'CHF' | 'EUR',
      vat_rate: Number(r.vat_rate),
      subtotal: Number(r.subtotal),
      vat_amount: Number(r.vat_amount),
      total_amount: Number(r.total_amount),
      open_amount: Number(r.open_amount),
      paid_amount: Number(r.paid_amount),
      items: (r.items as Array<Record<string, unknown>>).map((it) => ({
        title: String(it.title ?? ''),
        quantity: Number(it.quantity),
        unit_price: Number(it.unit_price),
        vat_rate: Number(it.vat_rate),
        quote_item_id: (it.quote_item_id as string | null) ?? null,
        deducted_vat: it.deducted_vat === null || it.deducted_vat === undefined ? null : Number(it.deducted_vat),
      })),
      credited: creditedPerRate(r.credited as Array<Record<string, unknown>>),
      credited_total: Number(r.credited_total),
      credit_note_lines: (r.credit_note_lines as Array<Array<Record<string, unknown>> | null>).map((lines) =>
        (lines ?? []).map((l) => ({
          title: String(l.title ?? ''),
          quantity: Number(l.quantity),
          unit_price: Number(l.unit_price),
          vat_rate: Number(l.vat_rate),
        })),
      ),
    }));
  }

  /** Sets the new invoice's kind and its lines' stage marks (same transaction as the insert). */
  async markStage(
    manager: EntityManager,
    scope: TenantScope,
    invoiceId: string,
    kind: InvoiceKind,
    marks: StageItemMark[],
  ): Promise<void> {
    await manager.query(`UPDATE invoices SET kind = $3 WHERE company_id = $1 AND id = $2`, [
      scope.companyId,
      invoiceId,
      kind,
    ]);
    const marked = marks.filter((m) => m.quoteItemId || m.deductedInvoiceId);
    if (marked.length === 0) return;
    await manager.query(
      `UPDATE invoice_items it SET quote_item_id = v.quote_item_id, deducted_invoice_id = v.deducted_invoice_id,
         deducted_vat = v.deducted_vat
       FROM unnest($3::int[], $4::uuid[], $5::uuid[], $6::numeric[])
         AS v(position, quote_item_id, deducted_invoice_id, deducted_vat)
       WHERE it.company_id = $1 AND it.invoice_id = $2 AND it.position = v.position`,
      [
        scope.companyId,
        invoiceId,
        marked.map((m) => m.position),
        marked.map((m) => m.quoteItemId),
        marked.map((m) => m.deductedInvoiceId),
        marked.map((m) => m.deductedVat),
      ],
    );
  }

  /** The number of the final invoice (not cancelled) that deducts this invoice, or null. */
  async deductedBy(manager: EntityManager, scope: TenantScope, invoiceId: string): Promise<string | null> {
    const [row] = await rows<{ invoice_number: string }>(
      manager,
      `SELECT f.invoice_number FROM invoice_items it
       JOIN invoices f ON f.id = it.invoice_id AND f.company_id = it.company_id
       WHERE it.company_id = $1 AND it.deducted_invoice_id = $2 AND f.status <> 'cancelled' LIMIT 1`,
      [scope.companyId, invoiceId],
    );
    return row?.invoice_number ?? null;
  }

  /**
   * The project's signed reports that no invoice bills yet (the final invoice takes them): neither
   * an invoice made from the report nor the invoice the report links to (its draft may have been
   * deleted) exists.
   */
  async uninvoicedSignedReports(manager: EntityManager, scope: TenantScope, projectId: string): Promise<string[]> {
    const list = await rows<{ id: string }>(
      manager,
      `SELECT r.id FROM reports r
       WHERE r.company_id = $1 AND r.project_id = $2 AND r.signed_at IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM invoices i
                         WHERE i.company_id = r.company_id AND (i.report_id = r.id OR i.id = r.invoice_id))
       ORDER BY r.signed_at, r.id`,
      [scope.companyId, projectId],
    );
    return list.map((r) => r.id);
  }

  /** The invoice that bills a report: the one made from it, else the final invoice the report links to. */
  async invoiceOfReport(manager: EntityManager, scope: TenantScope, reportId: string): Promise<string | null> {
    const [row] = await rows<{ id: string }>(
      manager,
      `SELECT i.id FROM reports r JOIN invoices i ON i.company_id = r.company_id AND (i.report_id = r.id OR i.id = r.invoice_id)
       WHERE r.company_id = $1 AND r.id = $2 ORDER BY (i.report_id = r.id) DESC LIMIT 1`,
      [scope.companyId, reportId],
    );
    return row?.id ?? null;
  }

  /** Serialises billing one report (the same lock as InvoicesService.createFromReport). */
  async lockReport(manager: EntityManager, reportId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`invoice-for-report:${reportId}`]);
  }
}
