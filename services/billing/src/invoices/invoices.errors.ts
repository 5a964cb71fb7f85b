import { INVOICE_MESSAGES } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of invoices, payments and reminders; the shared filter maps `status` and shows `message`. */
export class InvoiceError extends DomainError {}

export const InvoiceErrors = {
  notFound: () => new InvoiceError('invoice_not_found', INVOICE_MESSAGES.notFound, 404),
  customerNotFound: () => new InvoiceError('customer_not_found', INVOICE_MESSAGES.customerNotFound, 404),
  quoteNotFound: () => new InvoiceError('quote_not_found', INVOICE_MESSAGES.quoteNotFound, 404),
  quoteNotAccepted: () => new InvoiceError('quote_not_accepted', INVOICE_MESSAGES.quoteNotAccepted, 409),
  paidNotDeletable: () => new InvoiceError('invoice_paid', INVOICE_MESSAGES.paidNotDeletable, 409),
  alreadyPaid: () => new InvoiceError('invoice_paid', INVOICE_MESSAGES.alreadyPaid, 409),
  paymentTooHigh: () => new InvoiceError('payment_too_high', INVOICE_MESSAGES.paymentTooHigh, 400),
  draftNoPayment: () => new InvoiceError('invoice_draft', INVOICE_MESSAGES.draftNoPayment, 409),
  reminderNotAllowed: () => new InvoiceError('reminder_not_allowed', INVOICE_MESSAGES.reminderNotAllowed, 400),
  reminderMaxLevel: () => new InvoiceError('reminder_max_level', INVOICE_MESSAGES.reminderMaxLevel, 400),
  reminderLevelSent: () => new InvoiceError('reminder_level_sent', INVOICE_MESSAGES.reminderLevelSent, 400),
  onlyDraftsSendable: () => new InvoiceError('invoice_not_draft', INVOICE_MESSAGES.onlyDraftsSendable, 409),
  customerWithoutEmail: () => new InvoiceError('customer_without_email', INVOICE_MESSAGES.customerWithoutEmail, 400),
  missingSettings: (names: string[]) =>
    new InvoiceError('qr_bill_settings_missing', INVOICE_MESSAGES.missingSettings(names), 400, { missing: names }),
  reportNotFound: () => new InvoiceError('report_not_found', INVOICE_MESSAGES.reportNotFound, 404),
  reportNotSigned: () => new InvoiceError('report_not_signed', INVOICE_MESSAGES.reportNotSigned, 400),
  reportNoLines: () => new InvoiceError('report_no_lines', INVOICE_MESSAGES.reportNoLines, 400),
  numberConflict: () => new InvoiceError('invoice_number_conflict', INVOICE_MESSAGES.numberConflict, 409),
  importNoFile: () => new InvoiceError('import_file_missing', INVOICE_MESSAGES.importNoFile, 400),
  importTooLarge: () => new InvoiceError('import_file_too_large', INVOICE_MESSAGES.importTooLarge, 400),
  importRefused: (code: string, message: string) => new InvoiceError(code, message, 400),
} as const;
