import { INVOICE_STATUS_LABELS, serverMessage, type InvoiceStatus } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of the ledger; the shared filter maps `status` and shows `message`. */
export class LedgerError extends DomainError {}

export const LedgerErrors = {
  paymentNotFound: () => new LedgerError('payment_not_found', serverMessage('payment_not_found'), 404),
  closed: () => new LedgerError('invoice_closed', serverMessage('invoice_closed'), 409),
  paymentReversed: () => new LedgerError('payment_reversed', serverMessage('payment_reversed'), 409),
  transition: (from: InvoiceStatus, to: InvoiceStatus) =>
    new LedgerError(
      'invoice_status_transition',
      serverMessage('invoice_status_transition', { from: INVOICE_STATUS_LABELS[from], to: INVOICE_STATUS_LABELS[to] }),
      409,
    ),
} as const;
