import { Injectable } from '@nestjs/common';
import { affected, companyRecordsLeft, markCompanyClosed, sweepClosedCompany, changed, rows } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

export interface ClosedCompany {
  company_id: string;
  grace_over: boolean;
}

/** Rows of a company that the law keeps (business records); none left: the company can go. */
const RECORD_TABLES = [
  'invoices',
  'credit_notes',
  'reports',
  'unmatched_credits',
  'accounting_exports',
  'deleted_invoice_numbers',
] as const;

/** Tables without a company's own data (or kept per run, not per company): the final sweep leaves them. */
const NOT_SWEPT = new Set([
  'outbox_events',
  'dead_letter_events',
  'processed_events',
  'daily_task_runs',
  'retention_closed_companies',
]);

/**
 * The SQL of a closed company's removal (issue 26). Every statement names the company; the caller runs
 * them in the daily task's transaction. `lastYear`: the last business year whose records have expired
 * (`lastExpiredYear(today, 10)`, OR art. 958f para. 1).
 */
@Injectable()
export class RetentionRepository {
  markClosed(manager: EntityManager, companyId: string, closedAt: string): Promise<void> {
    return markCompanyClosed(manager, companyId, closedAt);
  }

  /** Closed companies not yet removed, with whether their grace period is over on `today`. */
  closedCompanies(manager: EntityManager, today: string, graceDays: number): Promise<ClosedCompany[]> {
    return rows<ClosedCompany>(
      manager,
      `SELECT company_id, (closed_at AT TIME ZONE 'Europe/Zurich')::date + $2::int <= $1::date AS grace_over
         FROM retention_closed_companies WHERE removed_at IS NULL ORDER BY closed_at, company_id`,
      [today, graceDays],
    );
  }

  // ------------------------------------------------------------- no records: after the grace period

  /** Quotes (with items), templates, settings, cached logo, staff rates, counters, tokens, quota counters. */
  async removeNonRecords(manager: EntityManager, companyId: string): Promise<number> {
    let n = 0;
    for (const table of [
      'quotes',
      'quote_templates',
      'accounting_settings',
      'company_logos',
      'report_staff_rates',
      'report_signature_tokens',
      'daily_quota_usage',
    ]) {
      n += await affected(manager, `DELETE FROM ${table} WHERE company_id = $1`, [companyId]);
    }
    return n;
  }

  /** Mails (their texts and attachments are copies; the documents are archived with their records). */
  async removeMails(manager: EntityManager, companyId: string): Promise<string[]> {
    const gone = await changed<{ id: string }>(manager, `DELETE FROM mails WHERE company_id = $1 RETURNING id`, [
      companyId,
    ]);
    return gone.map((r) => r.id);
  }

  /** Draft invoices: never issued, no record. */
  async removeDraftInvoices(manager: EntityManager, companyId: string): Promise<string[]> {
    const gone = await changed<{ id: string }>(
      manager,
      `DELETE FROM invoices WHERE company_id = $1 AND status = 'draft' AND issued_at IS NULL RETURNING id`,
      [companyId],
    );
    return gone.map((r) => r.id);
  }

  /** Reports the customer never signed (with their photos): no sealed document, no record. */
  async removeUnsignedReports(manager: EntityManager, companyId: string): Promise<string[]> {
    const gone = await changed<{ id: string }>(
      manager,
      `DELETE FROM reports WHERE company_id = $1 AND signed_at IS NULL RETURNING id`,
      [companyId],
    );
    return gone.map((r) => r.id);
  }

  // -------------------------------------------------- business records: 10 years after their year

  /**
   * Issued invoices whose every booking (the invoice, payments, credit notes, reminders, write-offs:
   * the ledger's entry dates) lies in a business year up to `lastYear`, with everything hanging on them
   * (items, ledger, payments, reminders cascade; credit notes first, their key restricts).
   */
  async removeExpiredInvoices(manager: EntityManager, companyId: string, lastYear: number): Promise<string[]> {
    const expired = `SELECT i.id FROM invoices i
        WHERE i.company_id = $1 AND (i.status <> 'draft' OR i.issued_at IS NOT NULL)
          AND date_part('year', GREATEST(i.invoice_date,
                (SELECT max(e.entry_date) FROM invoice_ledger_entries e WHERE e.invoice_id = i.id),
                (SELECT max(c.credit_date) FROM credit_notes c WHERE c.invoice_id = i.id))) <= $2`;
    await manager.query(`DELETE FROM credit_notes WHERE company_id = $1 AND invoice_id IN (${expired})`, [
      companyId,
      lastYear,
    ]);
    const gone = await changed<{ id: string }>(
      manager,
      `DELETE FROM invoices WHERE company_id = $1 AND id IN (${expired}) RETURNING id`,
      [companyId, lastYear],
    );
    return gone.map((r) => r.id);
  }

  /** Signed reports (sealed PDF, signature, photos) signed in a year up to `lastYear`. */
  async removeExpiredSignedReports(manager: EntityManager, companyId: string, lastYear: number): Promise<string[]> {
    const gone = await changed<{ id: string }>(
      manager,
      `DELETE FROM reports WHERE company_id = $1 AND signed_at IS NOT NULL
          AND date_part('year', signed_at AT TIME ZONE 'Europe/Zurich') <= $2 RETURNING id`,
      [companyId, lastYear],
    );
    return gone.map((r) => r.id);
  }

  /** Bank credits, accounting exports (the journal handed over) and the log of deleted draft numbers. */
  async removeExpiredBookkeeping(manager: EntityManager, companyId: string, lastYear: number): Promise<number> {
    let n = await affected(
      manager,
      `DELETE FROM unmatched_credits WHERE company_id = $1 AND date_part('year', booking_date) <= $2`,
      [companyId, lastYear],
    );
    n += await affected(
      manager,
      `DELETE FROM accounting_exports WHERE company_id = $1 AND date_part('year', to_date) <= $2`,
      [companyId, lastYear],
    );
    n += await affected(
      manager,
      `DELETE FROM deleted_invoice_numbers WHERE company_id = $1 AND date_part('year', invoice_date) <= $2`,
      [companyId, lastYear],
    );
    return n;
  }

  // ------------------------------------------------------------------------------- last of all

  recordsLeft(manager: EntityManager, companyId: string): Promise<boolean> {
    return companyRecordsLeft(manager, companyId, RECORD_TABLES);
  }

  /**
   * Nothing the law keeps is left: the copies of the directory (company, customers, projects, staff),
   * stored files and every other table's rows of the company go; the closed row records the removal.
   */
  async removeCompany(manager: EntityManager, companyId: string): Promise<void> {
    await manager.query(`DELETE FROM companies WHERE id = $1`, [companyId]);
    await sweepClosedCompany(manager, companyId, NOT_SWEPT);
  }
}
