import {
  MAX_REMINDER_LEVEL,
  reminderTypeOfLevel,
  type InvoiceDto,
  type InvoiceStatus,
  type ReminderType,
} from '@zunft/contracts';

export { localToday } from '../../quotes/components/quoteHelpers';
export { fromInteractive, saveBlob } from '../../../shared/dom';

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'default',
  sent: 'processing',
  paid: 'success',
  overdue: 'error',
  cancelled: 'default',
  written_off: 'warning',
};

/** Level 0 if absent; 0 none … 4 Letzte Mahnung (part 2 §4). */
export function reminderLevel(invoice: Pick<InvoiceDto, 'current_reminder_level'>): number {
  const level = Number(invoice.current_reminder_level ?? 0);
  return Number.isFinite(level) ? Math.min(Math.max(Math.trunc(level), 0), MAX_REMINDER_LEVEL) : 0;
}

/** A reminder can be sent for a sent or overdue invoice (not paid, draft, cancelled or written off) below level 4. */
export function canSendReminder(invoice: Pick<InvoiceDto, 'status' | 'current_reminder_level'>): boolean {
  return (invoice.status === 'sent' || invoice.status === 'overdue') && reminderLevel(invoice) < MAX_REMINDER_LEVEL;
}

/** The type the next-level button sends (empty payload; the server picks the same). */
export function nextReminderType(invoice: Pick<InvoiceDto, 'current_reminder_level'>): ReminderType {
  return reminderTypeOfLevel(reminderLevel(invoice) + 1);
}

/** File name of an invoice PDF, e.g. Rechnung-R-2026-0001.pdf. */
export function invoiceFileName(invoice: Pick<InvoiceDto, 'invoice_number'>): string {
  return `Rechnung-${invoice.invoice_number.replace(/[^\w.-]+/g, '_')}.pdf`;
}

/** A QR reference in blocks of five from the right (QRR) or a creditor reference in blocks of four. */
export function formatReference(reference: string | null | undefined): string {
  if (!reference) return '–';
  const compact = reference.replace(/\s+/g, '');
  if (/^RF/i.test(compact)) return compact.replace(/(.{4})/g, '$1 ').trim();
  const head = compact.length % 5;
  const blocks = compact.slice(head).match(/.{5}/g) ?? [];
  return [compact.slice(0, head), ...blocks].filter(Boolean).join(' ');
}
