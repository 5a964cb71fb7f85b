import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of invoices, payments and reminders; the shared filter maps `status` and shows `message`. */
export class InvoiceError extends DomainError {}

export const InvoiceErrors = {
  notFound: () => new InvoiceError('invoice_not_found', serverMessage('invoice_not_found'), 404),
  customerNotFound: () => new InvoiceError('customer_not_found', serverMessage('customer_not_found'), 404),
  customerArchived: () => new InvoiceError('customer_archived', serverMessage('customer_archived'), 409),
  projectNotFound: () => new InvoiceError('project_not_found', serverMessage('project_not_found'), 404),
  quoteNotFound: () => new InvoiceError('quote_not_found', serverMessage('quote_not_found'), 404),
  quoteNotAccepted: () => new InvoiceError('quote_not_accepted', serverMessage('quote_not_accepted.invoice'), 409),
  issuedNotDeletable: () => new InvoiceError('invoice_issued', serverMessage('invoice_issued'), 409),
  paidHasPayments: () => new InvoiceError('invoice_paid', serverMessage('invoice_paid.has_payments'), 409),
  creditNoteNotFound: () => new InvoiceError('credit_note_not_found', serverMessage('credit_note_not_found'), 404),
  creditOtherCustomer: () =>
    new InvoiceError('credit_apply_other_customer', serverMessage('credit_apply_other_customer'), 400),
  cancelDraft: () => new InvoiceError('invoice_cancel_draft', serverMessage('invoice_cancel_draft'), 409),
  writeOffDraft: () => new InvoiceError('invoice_write_off_draft', serverMessage('invoice_write_off_draft'), 409),
  nothingOpen: () => new InvoiceError('invoice_nothing_open', serverMessage('invoice_nothing_open'), 409),
  creditNoteOnDraft: () => new InvoiceError('credit_note_draft', serverMessage('credit_note_draft'), 409),
  creditNoteTooHigh: () => new InvoiceError('credit_note_too_high', serverMessage('credit_note_too_high'), 400),
  refundTooHigh: () => new InvoiceError('refund_too_high', serverMessage('refund_too_high'), 400),
  alreadyPaid: () => new InvoiceError('invoice_paid', serverMessage('invoice_paid'), 409),
  paymentTooHigh: () => new InvoiceError('payment_too_high', serverMessage('payment_too_high'), 400),
  draftNoPayment: () => new InvoiceError('invoice_draft', serverMessage('invoice_draft'), 409),
  reminderNotAllowed: () => new InvoiceError('reminder_not_allowed', serverMessage('reminder_not_allowed'), 400),
  reminderMaxLevel: () => new InvoiceError('reminder_max_level', serverMessage('reminder_max_level'), 400),
  reminderLevelSent: () => new InvoiceError('reminder_level_sent', serverMessage('reminder_level_sent'), 400),
  onlyDraftsSendable: () => new InvoiceError('invoice_not_draft', serverMessage('invoice_not_draft'), 409),
  customerWithoutEmail: () =>
    new InvoiceError('customer_without_email', serverMessage('customer_without_email.quote'), 400),
  missingSettings: (names: string[]) =>
    new InvoiceError(
      'qr_bill_settings_missing',
      serverMessage('qr_bill_settings_missing', { names: names.join(', ') }),
      400,
      { missing: names },
    ),
  reportNotFound: () => new InvoiceError('report_not_found', serverMessage('report_not_found'), 404),
  reportNotSigned: () => new InvoiceError('report_not_signed', serverMessage('report_not_signed'), 400),
  invoiceDateInFuture: () => new InvoiceError('invoice_date_in_future', serverMessage('invoice_date_in_future'), 400),
  reportInvoiceOtherDate: (number: string, date: string) =>
    new InvoiceError('report_invoice_other_date', serverMessage('report_invoice_other_date', { number, date }), 409),
  reportNoLines: () => new InvoiceError('report_no_lines', serverMessage('report_no_lines'), 400),
  numberConflict: () => new InvoiceError('invoice_number_conflict', serverMessage('invoice_number_conflict'), 409),
  importNoFile: () => new InvoiceError('import_file_missing', serverMessage('import_file_missing'), 400),
  importTooLarge: () => new InvoiceError('import_file_too_large', serverMessage('import_file_too_large'), 400),
  importRefused: (code: string, message: string) => new InvoiceError(code, message, 400),
  // Billing in stages (issue 22)
  stageFinalExists: (number: string) =>
    new InvoiceError('stage_final_exists', serverMessage('stage_final_exists', { number }), 409),
  stageExceedsQuote: (open: string) =>
    new InvoiceError('stage_exceeds_quote', serverMessage('stage_exceeds_quote', { open }), 400),
  stagePercentNeedsQuote: () =>
    new InvoiceError('stage_percent_needs_quote', serverMessage('stage_percent_needs_quote'), 400),
  stageQuoteItemUnknown: () =>
    new InvoiceError('stage_quote_item_unknown', serverMessage('stage_quote_item_unknown'), 400),
  stageQuantityTooHigh: (title: string, open: string) =>
    new InvoiceError('stage_quantity_too_high', serverMessage('stage_quantity_too_high', { title, open }), 400),
  stageDraftPending: (number: string) =>
    new InvoiceError('stage_draft_pending', serverMessage('stage_draft_pending', { number }), 409),
  stageFinalNegative: () => new InvoiceError('stage_final_negative', serverMessage('stage_final_negative'), 409),
  stageDeducted: (number: string) =>
    new InvoiceError('stage_deducted', serverMessage('stage_deducted', { number }), 409),
  stageQuoteInvoiced: (number: string) =>
    new InvoiceError('stage_quote_invoiced', serverMessage('stage_quote_invoiced', { number }), 409),
  stageUseFinal: () => new InvoiceError('stage_use_final', serverMessage('stage_use_final'), 409),
  stageNothingToInvoice: () =>
    new InvoiceError('stage_nothing_to_invoice', serverMessage('stage_nothing_to_invoice'), 400),
} as const;
