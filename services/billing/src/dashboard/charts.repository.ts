import { Injectable } from '@nestjs/common';
import { rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

export interface MonthRow {
  month: string;
  invoiced: string;
  paid: string;
}
export interface AgeRow {
  bucket: string;
  amount: string;
  count: string;
}

/** The dashboard's money series, read from the invoice ledger (its one writer: InvoiceLedger). */
@Injectable()
export class ChartsRepository {
  /**
   * Per calendar month from `from` (yyyy-MM-01) to `today`: issued invoices (ledger `invoice` entries by
   * their date) and what was paid (payments less reversals, overpayments and refunds, by entry date),
   * the same sums the ledger uses for `paid`.
   */
  months(manager: EntityManager, scope: TenantScope, from: string, today: string): Promise<MonthRow[]> {
    return rows<MonthRow>(
      manager,
      `SELECT to_char(date_trunc('month', e.entry_date), 'YYYY-MM') AS month,
              COALESCE(sum(e.amount) FILTER (WHERE e.type = 'invoice' AND i.issued_at IS NOT NULL), 0) AS invoiced,
              COALESCE(-sum(e.amount) FILTER (WHERE e.type IN ('payment', 'payment_reversal', 'overpayment', 'refund')), 0) AS paid
       FROM invoice_ledger_entries e JOIN invoices i ON i.id = e.invoice_id AND i.company_id = e.company_id
       WHERE e.company_id = $1 AND e.entry_date >= $2::date AND e.entry_date <= $3::date
       GROUP BY 1 ORDER BY 1`,
      [scope.companyId, from, today],
    );
  }

  /** Open amounts of issued invoices by days past their due date at `today`. */
  receivables(manager: EntityManager, scope: TenantScope, today: string): Promise<AgeRow[]> {
    return rows<AgeRow>(
      manager,
      `SELECT CASE
                WHEN $2::date - due_date <= 0 THEN 'not_due'
                WHEN $2::date - due_date <= 30 THEN 'days_1_30'
                WHEN $2::date - due_date <= 60 THEN 'days_31_60'
                WHEN $2::date - due_date <= 90 THEN 'days_61_90'
                ELSE 'days_over_90' END AS bucket,
              sum(open_amount) AS amount, count(*) AS count
       FROM invoices
       WHERE company_id = $1 AND issued_at IS NOT NULL AND open_amount > 0
         AND status NOT IN ('draft', 'cancelled', 'written_off')
       GROUP BY 1`,
      [scope.companyId, today],
    );
  }
}
