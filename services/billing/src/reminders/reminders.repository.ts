import { Injectable } from '@nestjs/common';
import { REMINDER_LEVEL_NAMES, type ReminderDto, type ReminderType } from '@zunft/contracts';
import { one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { writtenInvoices, type InvoiceRow } from '../invoices/invoice-row.js';
import type { ReminderAmounts } from './reminder-amounts.js';

interface ReminderRow {
  id: string;
  invoice_id: string;
  level: number;
  reminder_type: ReminderType;
  reminder_date: string;
  due_date: string;
  open_amount: string;
  fee: string;
  fees_total: string;
  interest: string;
  interest_days: number;
  total_amount: string;
  notes: string | null;
  sent_by_name: string | null;
  sent_to: string | null;
  sent_at: Date;
}

export const toReminderDto = (r: ReminderRow): ReminderDto => ({
  id: r.id,
  reminder_type_id: r.level,
  reminder_type: r.reminder_type,
  reminder_type_description: REMINDER_LEVEL_NAMES[r.level] ?? '',
  sent_at: new Date(r.sent_at).toISOString(),
  sent_by_name: r.sent_by_name,
  due_date: r.due_date,
  pdf_path: `/invoices/${r.invoice_id}/reminders/${r.id}/pdf`,
  notes: r.notes,
  open_amount: Number(r.open_amount),
  fee: Number(r.fee),
  fees_total: Number(r.fees_total),
  interest: Number(r.interest),
  interest_days: r.interest_days,
  total_amount: Number(r.total_amount),
  sent_to: r.sent_to,
});

const SELECT = `SELECT id, invoice_id, level, reminder_type, reminder_date::text AS reminder_date, due_date::text AS due_date,
  open_amount, fee, fees_total, interest, interest_days, total_amount, notes, sent_by_name, sent_to, sent_at
  FROM invoice_reminders`;

/** Reminder SQL; every query takes the tenant scope. */
@Injectable()
export class RemindersRepository {
  async list(manager: EntityManager, scope: TenantScope, invoiceId: string): Promise<ReminderDto[]> {
    const list = await rows<ReminderRow>(
      manager,
      `${SELECT} WHERE company_id = $1 AND invoice_id = $2 ORDER BY level DESC, sent_at DESC`,
      [scope.companyId, invoiceId],
    );
    return list.map(toReminderDto);
  }

  async find(manager: EntityManager, scope: TenantScope, invoiceId: string, id: string): Promise<ReminderDto | null> {
    const row = await one<ReminderRow>(manager, `${SELECT} WHERE company_id = $1 AND invoice_id = $2 AND id = $3`, [
      scope.companyId,
      invoiceId,
      id,
    ]);
    return row ? toReminderDto(row) : null;
  }

  /** Inserts the reminder and moves the invoice to its level (returns both); null when this level was sent already. */
  async insert(
    manager: EntityManager,
    scope: TenantScope,
    input: {
      invoiceId: string;
      level: number;
      reminderType: ReminderType;
      reminderDate: string;
      dueDate: string;
      amounts: ReminderAmounts;
      notes: string | null;
      automatic: boolean;
      sentBy: string | null;
      sentByName: string | null;
      sentTo: string;
    },
  ): Promise<{ reminder: ReminderDto; invoice: InvoiceRow } | null> {
    const a = input.amounts;
    const row = await one<ReminderRow>(
      manager,
      `INSERT INTO invoice_reminders (invoice_id, company_id, level, reminder_type, reminder_date, due_date, open_amount,
         fee, fees_total, interest, interest_days, total_amount, notes, automatic, sent_by, sent_by_name, sent_to)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       ON CONFLICT (invoice_id, level) DO NOTHING
       RETURNING id, invoice_id, level, reminder_type, reminder_date::text AS reminder_date, due_date::text AS due_date,
         open_amount, fee, fees_total, interest, interest_days, total_amount, notes, sent_by_name, sent_to, sent_at`,
      [
        input.invoiceId,
        scope.companyId,
        input.level,
        input.reminderType,
        input.reminderDate,
        input.dueDate,
        a.open_amount,
        a.fee,
        a.fees_total,
        a.interest,
        a.interest_days,
        a.total_amount,
        input.notes,
        input.automatic,
        input.sentBy,
        input.sentByName,
        input.sentTo,
      ],
    );
    if (!row) return null;
    // level and reminder due date only (the fee and interest are the ledger's): no list filter changes
    const [invoice] = await writtenInvoices(
      manager,
      `UPDATE invoices SET current_reminder_level = $3, last_reminder_sent_at = now(),
         reminder_due_date = $4, updated_at = now() WHERE id = $1 AND company_id = $2 RETURNING *`,
      [input.invoiceId, scope.companyId, input.level, input.dueDate],
    );
    return { reminder: toReminderDto(row), invoice: invoice! };
  }

  /** The archived PDF of a reminder (null for reminders sent before the archive). */
  async documentKey(manager: EntityManager, scope: TenantScope, id: string): Promise<string | null> {
    const r = await one<{ document_key: string | null }>(
      manager,
      `SELECT document_key FROM invoice_reminders WHERE company_id = $1 AND id = $2`,
      [scope.companyId, id],
    );
    return r?.document_key ?? null;
  }

  async setDocument(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    doc: { key: string; sha256: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE invoice_reminders SET document_key = $3, document_sha256 = $4 WHERE company_id = $1 AND id = $2`,
      [scope.companyId, id, doc.key, doc.sha256],
    );
  }

  /** The date of the invoice's latest reminder (interest booked up to it), null before the first. */
  async interestSince(manager: EntityManager, scope: TenantScope, invoiceId: string): Promise<string | null> {
    const r = await one<{ d: string | null }>(
      manager,
      `SELECT max(reminder_date)::text AS d FROM invoice_reminders WHERE company_id = $1 AND invoice_id = $2`,
      [scope.companyId, invoiceId],
    );
    return r?.d ?? null;
  }

  /**
   * Overdue invoices of companies with automatic reminders that are due for their next level: no
   * reminder yet, or the last reminder's payment term has passed.
   */
  async dueForAutomaticReminder(
    manager: EntityManager,
    today: string,
  ): Promise<Array<{ id: string; company_id: string }>> {
    return rows(
      manager,
      `SELECT i.id, i.company_id FROM invoices i JOIN companies c ON c.id = i.company_id
       WHERE c.auto_reminders_enabled AND i.status = 'overdue' AND i.current_reminder_level < 4
         AND i.due_date < $1::date AND (i.reminder_due_date IS NULL OR i.reminder_due_date < $1::date)
       ORDER BY i.company_id, i.invoice_number`,
      [today],
    );
  }

  async staffName(manager: EntityManager, scope: TenantScope, userId: string): Promise<string | null> {
    const r = await one<{ name: string }>(
      manager,
      `SELECT first_name || ' ' || last_name AS name FROM staff WHERE id = $1 AND company_id = $2`,
      [userId, scope.companyId],
    );
    return r?.name ?? null;
  }
}
