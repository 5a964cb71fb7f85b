import { Injectable } from '@nestjs/common';
import type {
  PaginatedResponse,
  QuoteDto,
  QuoteItemDto,
  QuoteItemType,
  QuoteListQueryParsed,
  QuoteStatsDto,
  QuoteStatus,
} from '@zunft/contracts';
import {
  affected,
  nextFreeNumber,
  one,
  pagedList,
  rows,
  sqlWhere,
  type ListParams,
  type TenantScope,
} from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS, listTotals } from '../common/list-totals.js';

/** A quote row as selected by `select()`: numerics come back from pg as strings. */
export interface QuoteRow {
  id: string;
  company_id: string;
  quote_number: string;
  title: string;
  description: string | null;
  customer_id: string;
  customer_name: string;
  contact_person: string | null;
  customer_email: string | null;
  status: QuoteStatus;
  quote_date: string;
  valid_until: string;
  discount_percent: string;
  travel_allowance: string;
  vat_rate: string;
  subtotal: string;
  discount_amount: string;
  net_amount: string;
  vat_amount: string;
  total_before_rounding: string;
  rounding: string;
  total: string;
  notes: string | null;
  terms_conditions: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
  accepted_at: Date | null;
  accepted_by_name: string | null;
  accepted_by_email: string | null;
  rejected_at: Date | null;
  rejection_reason: string | null;
  project_id: string | null;
  project_requested_at: Date | null;
  has_signature: boolean;
}

interface ItemRow {
  id: string;
  quote_id: string;
  position: number;
  type: QuoteItemType;
  title: string;
  description: string | null;
  quantity: string;
  unit: string;
  unit_price: string;
  total_price: string;
  material_id: string | null;
}

/** Everything the server stores of a quote's content (totals computed by the service). */
export interface QuoteWrite {
  customerId: string;
  customerName: string;
  title: string;
  description: string | null;
  validUntil: string;
  discountPercent: number;
  travelAllowance: number;
  vatRate: number;
  notes: string | null;
  termsConditions: string | null;
  totals: {
    subtotal: number;
    discount_amount: number;
    net_amount: number;
    vat_amount: number;
    total_before_rounding: number;
    rounding: number;
    total: number;
  };
  items: Array<{
    type: QuoteItemType;
    title: string;
    description: string | null;
    quantity: number;
    unit: string;
    unitPrice: number;
    totalPrice: number;
    materialId: string | null;
  }>;
}

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function toItemDto(r: ItemRow): QuoteItemDto {
  return {
    id: r.id,
    position: r.position,
    type: r.type,
    title: r.title,
    description: r.description,
    quantity: Number(r.quantity),
    unit: r.unit,
    unit_price: Number(r.unit_price),
    total_price: Number(r.total_price),
    material_id: r.material_id,
  };
}

export function toQuoteDto(r: QuoteRow, items: QuoteItemDto[]): QuoteDto {
  const total = Number(r.total);
  return {
    id: r.id,
    quote_number: r.quote_number,
    title: r.title,
    description: r.description,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    contact_person: r.contact_person,
    customer_email: r.customer_email,
    status: r.status,
    quote_date: r.quote_date,
    valid_until: r.valid_until,
    discount_percent: Number(r.discount_percent),
    travel_allowance: Number(r.travel_allowance),
    vat_rate: Number(r.vat_rate),
    subtotal: Number(r.subtotal),
    discount_amount: Number(r.discount_amount),
    net_amount: Number(r.net_amount),
    vat_amount: Number(r.vat_amount),
    total_before_rounding: Number(r.total_before_rounding),
    rounding: Number(r.rounding),
    total,
    total_amount: total,
    notes: r.notes,
    terms_conditions: r.terms_conditions,
    items,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    sent_at: iso(r.sent_at),
    accepted_at: iso(r.accepted_at),
    accepted_by_name: r.accepted_by_name,
    accepted_by_email: r.accepted_by_email,
    rejected_at: iso(r.rejected_at),
    rejection_reason: r.rejection_reason,
    project_id: r.project_id,
    project_requested_at: iso(r.project_requested_at),
    has_signature: r.has_signature,
  };
}

const QUOTE_COLUMNS = `q.id, q.company_id, q.quote_number, q.title, q.description, q.customer_id,
  COALESCE(NULLIF(c.name, ''), q.customer_name) AS customer_name, c.contact_person, c.email AS customer_email,
  q.status, q.quote_date::text AS quote_date, q.valid_until::text AS valid_until, q.discount_percent,
  q.travel_allowance, q.vat_rate, q.subtotal, q.discount_amount, q.net_amount, q.vat_amount,
  q.total_before_rounding, q.rounding, q.total, q.notes, q.terms_conditions, q.created_at, q.updated_at,
  q.sent_at, q.accepted_at, q.accepted_by_name, q.accepted_by_email, q.rejected_at, q.rejection_reason,
  q.project_id, q.project_requested_at, (q.signature_png IS NOT NULL) AS has_signature`;
const CUSTOMER_JOIN = `LEFT JOIN customers c ON c.id = q.customer_id AND c.company_id = q.company_id`;

/** The list, newest first (index: company_id, created_at DESC, id DESC). */
const QUOTE_LIST = pagedList(
  LISTS.quotes,
  'desc',
  [
    { sql: 'q.created_at', type: 'timestamptz' },
    { sql: 'q.id', type: 'uuid' },
  ],
  { columns: QUOTE_COLUMNS, from: `quotes q ${CUSTOMER_JOIN}` },
);

/**
 * The only place with quote SQL; every query takes the tenant scope (or, for token links, the token
 * hash). Every write that adds or removes quotes or changes what the list filters on (status,
 * title, number, customer) drops the company's cached list totals (`listTotals.invalidate`).
 */
@Injectable()
export class QuotesRepository {
  /** The quotes screen's tiles: one company-scoped pass with FILTERs (no list loaded). */
  async stats(manager: EntityManager, scope: TenantScope): Promise<QuoteStatsDto> {
    const r = await one<{ total: string; accepted: string; pending: string; value: string }>(
      manager,
      `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'accepted') AS accepted,
              count(*) FILTER (WHERE status IN ('draft', 'sent')) AS pending, COALESCE(sum(total), 0) AS value
       FROM quotes WHERE company_id = $1`,
      [scope.companyId],
    );
    return {
      total: Number(r?.total ?? 0),
      accepted: Number(r?.accepted ?? 0),
      pending: Number(r?.pending ?? 0),
      totalValue: Number(r?.value ?? 0),
    };
  }

  /** The whole list as an array without page parameters, else one page of it (nest-common's list kit). */
  list(
    manager: EntityManager,
    scope: TenantScope,
    filter: QuoteListQueryParsed & ListParams,
  ): Promise<QuoteDto[] | PaginatedResponse<QuoteDto>> {
    const where = sqlWhere('q.company_id = $1', [scope.companyId])
      .eq('q.status', filter.status)
      .when(
        filter.search && `%${escapeLike(filter.search)}%`,
        (p) => `(q.title ILIKE ${p} OR q.quote_number ILIKE ${p} OR q.customer_name ILIKE ${p} OR c.name ILIKE ${p})`,
      );
    return QUOTE_LIST.answer(manager, scope, where, filter, (found: QuoteRow[]) =>
      this.withItems(manager, scope, found),
    );
  }

  async find(manager: EntityManager, scope: TenantScope, id: string): Promise<QuoteDto | null> {
    const row = await one<QuoteRow>(manager, `${this.select()} WHERE q.company_id = $1 AND q.id = $2`, [
      scope.companyId,
      id,
    ]);
    if (!row) return null;
    return (await this.withItems(manager, scope, [row]))[0]!;
  }

  /** Locks the quote row for the rest of the transaction; null when it is not the company's. */
  async lock(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
  ): Promise<{
    status: QuoteStatus;
    quote_number: string;
    customer_id: string;
    project_id: string | null;
    project_requested_at: Date | null;
    updated_at: Date;
  } | null> {
    return one(
      manager,
      `SELECT status, quote_number, customer_id, project_id, project_requested_at, updated_at FROM quotes
       WHERE id = $1 AND company_id = $2 FOR UPDATE`,
      [id, scope.companyId],
    );
  }

  nextNumber(manager: EntityManager, scope: TenantScope, year: string): Promise<string> {
    return nextFreeNumber(
      manager,
      scope.companyId,
      `quote-${year}`,
      (n) => `A-${year}-${String(n).padStart(4, '0')}`,
      async (candidate) =>
        (await one(manager, `SELECT 1 FROM quotes WHERE company_id = $1 AND quote_number = $2`, [
          scope.companyId,
          candidate,
        ])) !== null,
    );
  }

  async insert(
    manager: EntityManager,
    scope: TenantScope,
    input: QuoteWrite & { quoteNumber: string; quoteDate: string; createdBy: string },
  ): Promise<QuoteDto> {
    const [row] = await this.written(
      manager,
      `INSERT INTO quotes (company_id, quote_number, quote_date, created_by, customer_id, customer_name, title, description,
         valid_until, discount_percent, travel_allowance, vat_rate, notes, terms_conditions, subtotal, discount_amount,
         net_amount, vat_amount, total_before_rounding, rounding, total)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
       RETURNING *`,
      [scope.companyId, input.quoteNumber, input.quoteDate, input.createdBy, ...this.contentParams(input)],
    );
    listTotals.invalidate(manager, scope.companyId, LISTS.quotes);
    await this.insertItems(manager, scope, row!.id, input.items);
    return (await this.withItems(manager, scope, [row!]))[0]!;
  }

  /**
   * Replaces the content. A quote that was sent, rejected or expired becomes a draft again: its
   * acceptance link stops working and it has to be sent anew.
   */
  async update(manager: EntityManager, scope: TenantScope, id: string, input: QuoteWrite): Promise<QuoteDto> {
    const [row] = await this.written(
      manager,
      `UPDATE quotes SET customer_id = $3, customer_name = $4, title = $5, description = $6, valid_until = $7,
         discount_percent = $8, travel_allowance = $9, vat_rate = $10, notes = $11, terms_conditions = $12,
         subtotal = $13, discount_amount = $14, net_amount = $15, vat_amount = $16, total_before_rounding = $17,
         rounding = $18, total = $19, status = 'draft', acceptance_token_hash = NULL, sent_at = NULL, sent_to = NULL,
         rejected_at = NULL, rejection_reason = NULL, expired_at = NULL, updated_at = now()
       WHERE id = $1 AND company_id = $2 RETURNING *`,
      [id, scope.companyId, ...this.contentParams(input)],
    );
    listTotals.invalidate(manager, scope.companyId, LISTS.quotes); // status back to draft, title, customer
    await manager.query(`DELETE FROM quote_items WHERE quote_id = $1 AND company_id = $2`, [id, scope.companyId]);
    await this.insertItems(manager, scope, id, input.items);
    return (await this.withItems(manager, scope, [row!]))[0]!;
  }

  async delete(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    const deleted = await affected(manager, `DELETE FROM quotes WHERE id = $1 AND company_id = $2`, [
      id,
      scope.companyId,
    ]);
    listTotals.invalidate(manager, scope.companyId, LISTS.quotes);
    return deleted > 0;
  }

  async markSent(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    input: { sentTo: string; tokenHash: string },
  ): Promise<QuoteDto | null> {
    const quote = await this.writtenOne(
      manager,
      scope,
      `UPDATE quotes SET status = 'sent', sent_at = now(), sent_to = $3, acceptance_token_hash = $4, updated_at = now()
       WHERE id = $1 AND company_id = $2 RETURNING *`,
      [id, scope.companyId, input.sentTo, input.tokenHash],
    );
    listTotals.invalidate(manager, scope.companyId, LISTS.quotes); // status
    return quote;
  }

  async markProjectRequested(manager: EntityManager, scope: TenantScope, id: string): Promise<QuoteDto | null> {
    return this.writtenOne(
      manager,
      scope,
      `UPDATE quotes SET project_requested_at = now(), updated_at = now() WHERE id = $1 AND company_id = $2
       RETURNING *`,
      [id, scope.companyId],
    );
  }

  async signature(manager: EntityManager, scope: TenantScope, id: string): Promise<Buffer | null> {
    const row = await one<{ signature_png: Buffer | null }>(
      manager,
      `SELECT signature_png FROM quotes WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId],
    );
    return row?.signature_png ?? null;
  }

  // ------------------------------------------------------------------------------------------
  // Public acceptance: the token hash is the key; the company comes from the row found.

  async findByTokenHash(
    manager: EntityManager,
    tokenHash: string,
    options: { lock?: boolean } = {},
  ): Promise<{ id: string; company_id: string; status: QuoteStatus; valid_until: string } | null> {
    return one(
      manager,
      `SELECT id, company_id, status, valid_until::text AS valid_until FROM quotes WHERE acceptance_token_hash = $1
       ${options.lock ? 'FOR UPDATE' : ''}`,
      [tokenHash],
    );
  }

  async markAccepted(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    input: { name: string; email: string; signature: Buffer; ip: string | null; userAgent: string | null },
  ): Promise<QuoteDto | null> {
    const quote = await this.writtenOne(
      manager,
      scope,
      `UPDATE quotes SET status = 'accepted', accepted_at = now(), accepted_by_name = $3, accepted_by_email = $4,
         signature_png = $5, acceptance_ip = $6, acceptance_user_agent = $7, updated_at = now()
       WHERE id = $1 AND company_id = $2 RETURNING *`,
      [id, scope.companyId, input.name, input.email, input.signature, input.ip, input.userAgent],
    );
    listTotals.invalidate(manager, scope.companyId, LISTS.quotes); // status
    return quote;
  }

  async markRejected(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    reason: string | null,
  ): Promise<QuoteDto | null> {
    const quote = await this.writtenOne(
      manager,
      scope,
      `UPDATE quotes SET status = 'rejected', rejected_at = now(), rejection_reason = $3, updated_at = now()
       WHERE id = $1 AND company_id = $2 RETURNING *`,
      [id, scope.companyId, reason],
    );
    listTotals.invalidate(manager, scope.companyId, LISTS.quotes); // status
    return quote;
  }

  /** Links the quote a project was created from (operations.project.created with sourceQuoteId; not a list filter). */
  linkToProject(manager: EntityManager, companyId: string, quoteId: string, projectId: string): Promise<number> {
    return affected(
      manager,
      `UPDATE quotes SET project_id = $3, project_requested_at = COALESCE(project_requested_at, now()), updated_at = now()
       WHERE id = $1 AND company_id = $2 AND (project_id IS NULL OR project_id <> $3)`,
      [quoteId, companyId, projectId],
    );
  }

  /** A deleted project no longer counts as the quote's project. */
  unlinkProject(manager: EntityManager, companyId: string, projectId: string): Promise<number> {
    return affected(manager, `UPDATE quotes SET project_id = NULL WHERE project_id = $1 AND company_id = $2`, [
      projectId,
      companyId,
    ]);
  }

  /** Sent quotes whose validity ended before `today` become expired (all companies; the maintenance job). */
  async expireOverdue(manager: EntityManager, today: string): Promise<QuoteRow[]> {
    const expired = await this.written(
      manager,
      `UPDATE quotes SET status = 'expired', expired_at = now(), updated_at = now()
       WHERE status = 'sent' AND valid_until < $1::date RETURNING *`,
      [today],
    );
    for (const companyId of new Set(expired.map((q) => q.company_id)))
      listTotals.invalidate(manager, companyId, LISTS.quotes);
    return expired;
  }

  // ------------------------------------------------------------------------------------------

  private contentParams(input: QuoteWrite): unknown[] {
    return [
      input.customerId,
      input.customerName,
      input.title,
      input.description,
      input.validUntil,
      input.discountPercent,
      input.travelAllowance,
      input.vatRate,
      input.notes,
      input.termsConditions,
      input.totals.subtotal,
      input.totals.discount_amount,
      input.totals.net_amount,
      input.totals.vat_amount,
      input.totals.total_before_rounding,
      input.totals.rounding,
      input.totals.total,
    ];
  }

  private async insertItems(manager: EntityManager, scope: TenantScope, quoteId: string, items: QuoteWrite['items']) {
    if (items.length === 0) return;
    const params: unknown[] = [quoteId, scope.companyId];
    const values = items.map((it, i) => {
      const base = params.length;
      params.push(
        i + 1,
        it.type,
        it.title,
        it.description,
        it.quantity,
        it.unit,
        it.unitPrice,
        it.totalPrice,
        it.materialId,
      );
      const p = (k: number) => `$${base + k}`;
      return `($1, $2, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)})`;
    });
    await manager.query(
      `INSERT INTO quote_items (quote_id, company_id, position, type, title, description, quantity, unit, unit_price,
         total_price, material_id) VALUES ${values.join(', ')}`,
      params,
    );
  }

  private async withItems(manager: EntityManager, scope: TenantScope, quotes: QuoteRow[]): Promise<QuoteDto[]> {
    if (quotes.length === 0) return [];
    const items = await rows<ItemRow>(
      manager,
      `SELECT id, quote_id, position, type, title, description, quantity, unit, unit_price, total_price, material_id
       FROM quote_items WHERE company_id = $1 AND quote_id = ANY($2::uuid[]) ORDER BY quote_id, position`,
      [scope.companyId, quotes.map((q) => q.id)],
    );
    const byQuote = new Map<string, QuoteItemDto[]>();
    for (const item of items) {
      const list = byQuote.get(item.quote_id) ?? [];
      list.push(toItemDto(item));
      byQuote.set(item.quote_id, list);
    }
    return quotes.map((q) => toQuoteDto(q, byQuote.get(q.id) ?? []));
  }

  private select(): string {
    return `SELECT ${QUOTE_COLUMNS} FROM quotes q ${CUSTOMER_JOIN}`;
  }

  /** Runs `UPDATE quotes … RETURNING *` (or an INSERT) and answers the rows as `select()` reads them. */
  private written(manager: EntityManager, statement: string, params: unknown[]): Promise<QuoteRow[]> {
    return rows<QuoteRow>(manager, `WITH q AS (${statement}) SELECT ${QUOTE_COLUMNS} FROM q ${CUSTOMER_JOIN}`, params);
  }

  /** The one changed quote with its items. */
  private async writtenOne(
    manager: EntityManager,
    scope: TenantScope,
    statement: string,
    params: unknown[],
  ): Promise<QuoteDto | null> {
    const [row] = await this.written(manager, statement, params);
    return row ? (await this.withItems(manager, scope, [row]))[0]! : null;
  }
}
