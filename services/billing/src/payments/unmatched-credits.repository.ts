import { Injectable } from '@nestjs/common';
import type { UnmatchedCreditDto, UnmatchedCreditListQueryParsed, UnmatchedCreditStatus } from '@zunft/contracts';
import { changed, iso, one, rows, sqlWhere, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/**
 * A credit of a bank file that matched no invoice (amount in Rappen), or a reversal (debit) that
 * matched no booked payment: kept only so that a re-imported file answers it as a duplicate (issue 23);
 * never listed nor assignable.
 */
export interface UnmatchedCreditWrite {
  kind?: 'credit' | 'reversal';
  bankReference: string;
  reference: string | null;
  amountCents: number;
  currency: string;
  debtorName: string | null;
  bookingDate: string | null;
}

interface UnmatchedCreditRow {
  id: string;
  bank_reference: string;
  reference: string | null;
  amount: string;
  currency: string;
  debtor_name: string | null;
  booking_date: string | null;
  status: UnmatchedCreditStatus;
  invoice_id: string | null;
  invoice_number: string | null;
  assigned_at: Date | null;
  created_at: Date;
}

const toDto = (r: UnmatchedCreditRow): UnmatchedCreditDto => ({
  ...r,
  amount: Number(r.amount),
  assigned_at: iso(r.assigned_at),
  created_at: iso(r.created_at)!,
});

const COLUMNS = `u.id, u.bank_reference, u.reference, u.amount, u.currency, u.debtor_name,
  u.booking_date::text AS booking_date, u.status, u.invoice_id, inv.invoice_number, u.assigned_at, u.created_at`;
const JOIN_INVOICE = `LEFT JOIN invoices inv ON inv.id = u.invoice_id AND inv.company_id = u.company_id`;

/** The only place with SQL of unmatched bank credits; every query takes the tenant scope. */
@Injectable()
export class UnmatchedCreditsRepository {
  /**
   * Bank references of this company that an earlier import booked as a payment or a reversal
   * (the ledger entry's reference) or kept as an unmatched credit or reversal: a re-imported file records none
   * of them again.
   */
  async knownBankReferences(manager: EntityManager, scope: TenantScope, refs: string[]): Promise<Set<string>> {
    if (refs.length === 0) return new Set();
    const list = await rows<{ bank_reference: string }>(
      manager,
      `SELECT bank_reference FROM invoice_payments WHERE company_id = $1 AND bank_reference = ANY($2::text[])
       UNION
       SELECT bank_reference FROM unmatched_credits WHERE company_id = $1 AND bank_reference = ANY($2::text[])
       UNION
       SELECT reference FROM invoice_ledger_entries
       WHERE company_id = $1 AND type = 'payment_reversal' AND reference = ANY($2::text[])`,
      [scope.companyId, refs],
    );
    return new Set(list.map((r) => r.bank_reference));
  }

  /** Stores the credits in one statement; returns the stored ones by bank reference (one known before is skipped). */
  async insertMany(
    manager: EntityManager,
    scope: TenantScope,
    createdBy: string | null,
    credits: UnmatchedCreditWrite[],
  ): Promise<Map<string, string>> {
    if (credits.length === 0) return new Map();
    const inserted = await rows<{ id: string; bank_reference: string }>(
      manager,
      `INSERT INTO unmatched_credits (company_id, created_by, bank_reference, reference, amount, currency, debtor_name,
         booking_date, kind)
       SELECT $1, $2, v.bank_reference, v.reference, v.amount, v.currency, v.debtor_name, v.booking_date, v.kind
       FROM unnest($3::text[], $4::text[], $5::numeric[], $6::text[], $7::text[], $8::date[], $9::text[])
         AS v(bank_reference, reference, amount, currency, debtor_name, booking_date, kind)
       ON CONFLICT (company_id, bank_reference) DO NOTHING
       RETURNING id, bank_reference`,
      [
        scope.companyId,
        createdBy,
        credits.map((c) => c.bankReference),
        credits.map((c) => c.reference),
        credits.map((c) => (c.amountCents / 100).toFixed(2)),
        credits.map((c) => c.currency),
        credits.map((c) => c.debtorName),
        credits.map((c) => c.bookingDate),
        credits.map((c) => c.kind ?? 'credit'),
      ],
    );
    return new Map(inserted.map((r) => [r.bank_reference, r.id]));
  }

  async list(
    manager: EntityManager,
    scope: TenantScope,
    query: UnmatchedCreditListQueryParsed,
  ): Promise<{ items: UnmatchedCreditDto[]; total: number }> {
    const where = sqlWhere(`u.company_id = $1 AND u.kind = 'credit'`, [scope.companyId]).eq(
      'u.status',
      query.status === 'all' ? null : query.status,
    );
    const count = await one<{ n: string }>(
      manager,
      `SELECT count(*) AS n FROM unmatched_credits u WHERE ${where.sql}`,
      where.params,
    );
    const n = where.params.length;
    const list = await rows<UnmatchedCreditRow>(
      manager,
      `SELECT ${COLUMNS} FROM unmatched_credits u ${JOIN_INVOICE} WHERE ${where.sql}
       ORDER BY u.booking_date DESC NULLS LAST, u.created_at DESC, u.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    return { items: list.map(toDto), total: Number(count?.n ?? 0) };
  }

  /** The credit, locked for the rest of the transaction; null when it is not the company's (or a kept reversal). */
  async lock(manager: EntityManager, scope: TenantScope, id: string): Promise<UnmatchedCreditDto | null> {
    const row = await one<UnmatchedCreditRow>(
      manager,
      `SELECT ${COLUMNS} FROM unmatched_credits u ${JOIN_INVOICE}
       WHERE u.company_id = $1 AND u.id = $2 AND u.kind = 'credit' FOR UPDATE OF u`,
      [scope.companyId, id],
    );
    return row ? toDto(row) : null;
  }

  /** Marks an open credit as assigned to the invoice; returns it as it is now. */
  async markAssigned(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    invoice: { id: string; invoice_number: string },
    assignedBy: string | null,
  ): Promise<UnmatchedCreditDto> {
    const [row] = await changed<Omit<UnmatchedCreditRow, 'invoice_number'>>(
      manager,
      `UPDATE unmatched_credits u SET status = 'assigned', invoice_id = $3, assigned_by = $4, assigned_at = now()
       WHERE u.company_id = $1 AND u.id = $2 AND u.status = 'open'
       RETURNING u.id, u.bank_reference, u.reference, u.amount, u.currency, u.debtor_name,
         u.booking_date::text AS booking_date, u.status, u.invoice_id, u.assigned_at, u.created_at`,
      [scope.companyId, id, invoice.id, assignedBy],
    );
    return toDto({ ...row!, invoice_number: invoice.invoice_number });
  }
}
