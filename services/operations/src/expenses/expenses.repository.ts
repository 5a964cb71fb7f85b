import { Injectable } from '@nestjs/common';
import {
  expenseReceiptPath,
  type ExpenseCategory,
  type ExpenseDto,
  type ExpenseReceiptType,
  type ExpenseStatsResponse,
  type ExpenseStatus,
  type PaginatedResponse,
} from '@zunft/contracts';
import { changed, iso, one, pagedList, sqlWhere, type ListParams, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import type { ReceiptFile } from './receipt.js';
import { clientIdHolder, type ClientIdHolder } from '../common/client-id.js';
import { LISTS, listTotals } from '../common/list-totals.js';

interface ExpenseRow {
  id: string;
  category: ExpenseCategory;
  description: string;
  amount: string;
  vat_included: boolean;
  vat_rate: string | null;
  expense_date: string;
  status: ExpenseStatus;
  project_id: string | null;
  project_title: string | null;
  receipt_filename: string | null;
  user_id: string;
  first_name: string;
  last_name: string;
  rejection_reason: string | null;
  approved_at: Date | null;
  rejected_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ExpenseWrite {
  category: ExpenseCategory;
  description: string;
  amount: number;
  /** The amount includes VAT at vatRate (null when not included). */
  vatIncluded: boolean;
  vatRate: number | null;
  expenseDate: string;
  projectId: string | null;
}

export interface ExpenseFilter {
  status?: ExpenseStatus | null;
  userId?: string | null;
}

export interface StoredReceipt {
  filename: string;
  content_type: ExpenseReceiptType;
  size: number;
  data: Buffer;
}

const toDto = (r: ExpenseRow): ExpenseDto => ({
  id: r.id,
  category: r.category,
  description: r.description,
  amount: Number(r.amount),
  vat_included: r.vat_included,
  vat_rate: r.vat_rate === null ? null : Number(r.vat_rate),
  expense_date: r.expense_date,
  status: r.status,
  project_id: r.project_id,
  project_title: r.project_title,
  receipt_path: r.receipt_filename === null ? null : expenseReceiptPath(r.id),
  receipt_filename: r.receipt_filename,
  user_id: r.user_id,
  first_name: r.first_name,
  last_name: r.last_name,
  rejection_reason: r.rejection_reason,
  approved_at: iso(r.approved_at),
  rejected_at: iso(r.rejected_at),
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
});

/** Never selects the receipt bytes: lists stay small however large the receipts are. */
const COLUMNS = `e.id, e.category, e.description, e.amount, e.vat_included, e.vat_rate,
    to_char(e.expense_date, 'YYYY-MM-DD') AS expense_date,
    e.status, e.project_id, p.title AS project_title, r.filename AS receipt_filename, e.user_id, e.first_name,
    e.last_name, e.rejection_reason, e.approved_at, e.rejected_at, e.created_at, e.updated_at`;
const FROM = `expenses e
  LEFT JOIN projects p ON p.id = e.project_id AND p.company_id = e.company_id
  LEFT JOIN expense_receipts r ON r.expense_id = e.id`;
const SELECT = `SELECT ${COLUMNS} FROM ${FROM}`;

/** Newest expense day first, on the index (company_id, expense_date DESC, created_at DESC, id DESC). */
const EXPENSE_LIST = pagedList(
  LISTS.expenses,
  'desc',
  [
    { sql: 'e.expense_date', type: 'date' },
    { sql: 'e.created_at', type: 'timestamptz' },
    { sql: 'e.id', type: 'uuid' },
  ],
  { columns: COLUMNS, from: FROM, table: 'expenses e' },
);

/** Employees (`ownedBy` = their id) see only their own expenses; null = the whole company. $2 is that id. */
const VISIBLE = `($2::uuid IS NULL OR e.user_id = $2)`;

/**
 * Expenses and their receipts. Every query is scoped by the company; `ownedBy` narrows to one
 * employee's own expenses.
 */
@Injectable()
export class ExpensesRepository {
  /** The whole list as an array without page parameters, else one page of it (nest-common's list kit). */
  list(
    manager: EntityManager,
    scope: TenantScope,
    ownedBy: string | null,
    filter: ExpenseFilter,
    query: ListParams,
  ): Promise<ExpenseDto[] | PaginatedResponse<ExpenseDto>> {
    const where = this.listWhere(scope, ownedBy, filter);
    return EXPENSE_LIST.answer(manager, scope, where, query, (found: ExpenseRow[]) => found.map(toDto));
  }

  private listWhere(scope: TenantScope, ownedBy: string | null, filter: ExpenseFilter) {
    return sqlWhere(`e.company_id = $1 AND ${VISIBLE}`, [scope.companyId, ownedBy])
      .eq('e.status', filter.status)
      .eq('e.user_id', filter.userId);
  }

  async find(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    ownedBy: string | null,
    lock = false,
  ): Promise<ExpenseDto | null> {
    const row = await one<ExpenseRow>(
      manager,
      `${SELECT} WHERE e.company_id = $1 AND ${VISIBLE} AND e.id = $3${lock ? ' FOR UPDATE OF e' : ''}`,
      [scope.companyId, ownedBy, id],
    );
    return row ? toDto(row) : null;
  }

  /** Count and sum per status (the four tiles) over the visible expenses, optionally of one user. */
  async stats(
    manager: EntityManager,
    scope: TenantScope,
    ownedBy: string | null,
    userId: string | null,
  ): Promise<ExpenseStatsResponse> {
    const row = await one<Record<string, string>>(
      manager,
      `SELECT count(*) AS total_count, coalesce(sum(e.amount), 0) AS total_amount,
              count(*) FILTER (WHERE e.status = 'pending') AS pending_count,
              coalesce(sum(e.amount) FILTER (WHERE e.status = 'pending'), 0) AS pending_amount,
              count(*) FILTER (WHERE e.status = 'approved') AS approved_count,
              coalesce(sum(e.amount) FILTER (WHERE e.status = 'approved'), 0) AS approved_amount,
              count(*) FILTER (WHERE e.status = 'rejected') AS rejected_count,
              coalesce(sum(e.amount) FILTER (WHERE e.status = 'rejected'), 0) AS rejected_amount
       FROM expenses e WHERE e.company_id = $1 AND ${VISIBLE} AND ($3::uuid IS NULL OR e.user_id = $3)`,
      [scope.companyId, ownedBy, userId],
    );
    const bucket = (key: string) => ({
      count: Number(row?.[`${key}_count`] ?? 0),
      amount: Number(row?.[`${key}_amount`] ?? 0),
    });
    return {
      total: bucket('total'),
      pending: bucket('pending'),
      approved: bucket('approved'),
      rejected: bucket('rejected'),
    };
  }

  /** Who holds a client-chosen `id` (see ClientIdHolder in common/client-id). */
  clientIdHolder(manager: EntityManager, scope: TenantScope, id: string, userId: string): Promise<ClientIdHolder> {
    return clientIdHolder(manager, 'expenses', { id, companyId: scope.companyId, userId });
  }

  /**
   * Inserts a pending expense, with the client-chosen `id` when given. Returns its id, or null when
   * a row with that id exists already (ON CONFLICT: a parallel request with the same id waits for
   * the first one's commit and then inserts nothing).
   */
  async insert(
    manager: EntityManager,
    scope: TenantScope,
    user: { id: string; firstName: string; lastName: string },
    e: ExpenseWrite,
    id: string | null = null,
  ): Promise<string | null> {
    listTotals.invalidate(manager, scope.companyId, LISTS.expenses);
    const row = await one<{ id: string }>(
      manager,
      `INSERT INTO expenses (id, company_id, user_id, first_name, last_name, project_id, category, description, amount,
         expense_date, status, vat_included, vat_rate)
       VALUES (coalesce($10::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $11, $12)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        scope.companyId,
        user.id,
        user.firstName,
        user.lastName,
        e.projectId,
        e.category,
        e.description,
        e.amount,
        e.expenseDate,
        id,
        e.vatIncluded,
        e.vatRate,
      ],
    );
    return row?.id ?? null;
  }

  async update(manager: EntityManager, scope: TenantScope, id: string, e: ExpenseWrite): Promise<void> {
    listTotals.invalidate(manager, scope.companyId, LISTS.expenses);
    await manager.query(
      `UPDATE expenses SET project_id = $3, category = $4, description = $5, amount = $6, expense_date = $7,
         vat_included = $8, vat_rate = $9, updated_at = now()
       WHERE id = $1 AND company_id = $2 AND status = 'pending'`,
      [id, scope.companyId, e.projectId, e.category, e.description, e.amount, e.expenseDate, e.vatIncluded, e.vatRate],
    );
  }

  /** Approves a pending expense and returns it (UPDATE … RETURNING). */
  async approve(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    approvedBy: string,
  ): Promise<ExpenseDto | null> {
    listTotals.invalidate(manager, scope.companyId, LISTS.expenses);
    return this.written(
      manager,
      `UPDATE expenses SET status = 'approved', approved_at = now(), approved_by = $3, updated_at = now()
       WHERE id = $1 AND company_id = $2 AND status = 'pending'`,
      [id, scope.companyId, approvedBy],
    );
  }

  /** Rejects a pending expense and returns it (UPDATE … RETURNING). */
  async reject(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    rejectedBy: string,
    reason: string,
  ): Promise<ExpenseDto | null> {
    listTotals.invalidate(manager, scope.companyId, LISTS.expenses);
    return this.written(
      manager,
      `UPDATE expenses SET status = 'rejected', rejected_at = now(), rejected_by = $3, rejection_reason = $4,
         updated_at = now()
       WHERE id = $1 AND company_id = $2 AND status = 'pending'`,
      [id, scope.companyId, rejectedBy, reason],
    );
  }

  /**
   * UPDATE … RETURNING with the project title and the receipt's file name: the written expense
   * without a second read. (Insert and update re-read: their receipt is written after them.)
   */
  private async written(manager: EntityManager, write: string, params: unknown[]): Promise<ExpenseDto | null> {
    const row = await one<ExpenseRow>(
      manager,
      `WITH e AS (${write} RETURNING *) SELECT ${COLUMNS}
       FROM e LEFT JOIN projects p ON p.id = e.project_id AND p.company_id = e.company_id
       LEFT JOIN expense_receipts r ON r.expense_id = e.id`,
      params,
    );
    return row ? toDto(row) : null;
  }

  /** Deletes a pending expense (its receipt goes with it). */
  async delete(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    listTotals.invalidate(manager, scope.companyId, LISTS.expenses);
    return (
      (
        await changed(
          manager,
          `DELETE FROM expenses WHERE id = $1 AND company_id = $2 AND status = 'pending' RETURNING id`,
          [id, scope.companyId],
        )
      ).length > 0
    );
  }

  // ------------------------------------------------------------------------------------------
  // Receipts

  /** Stores or replaces the receipt of an expense. */
  async putReceipt(manager: EntityManager, scope: TenantScope, expenseId: string, file: ReceiptFile): Promise<void> {
    await manager.query(
      `INSERT INTO expense_receipts (expense_id, company_id, filename, content_type, size, data)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (expense_id) DO UPDATE SET filename = EXCLUDED.filename, content_type = EXCLUDED.content_type,
         size = EXCLUDED.size, data = EXCLUDED.data, created_at = now()
       WHERE expense_receipts.company_id = EXCLUDED.company_id`,
      [expenseId, scope.companyId, file.filename, file.contentType, file.size, file.data],
    );
  }

  async deleteReceipt(manager: EntityManager, scope: TenantScope, expenseId: string): Promise<void> {
    await manager.query(`DELETE FROM expense_receipts WHERE expense_id = $1 AND company_id = $2`, [
      expenseId,
      scope.companyId,
    ]);
  }

  /** The receipt with its bytes (download only). */
  async receipt(manager: EntityManager, scope: TenantScope, expenseId: string): Promise<StoredReceipt | null> {
    return one<StoredReceipt>(
      manager,
      `SELECT filename, content_type, size, data FROM expense_receipts WHERE expense_id = $1 AND company_id = $2`,
      [expenseId, scope.companyId],
    );
  }
}
