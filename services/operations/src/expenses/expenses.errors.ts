import { EXPENSE_MESSAGES } from '@zunft/contracts';
import { OperationsError } from '../common/operations.errors.js';

/** Errors of the expenses module; the shared filter maps `status` and shows the German `message`. */
export const ExpenseErrors = {
  notFound: () => new OperationsError('expense_not_found', EXPENSE_MESSAGES.notFound, 404),
  notOwn: () => new OperationsError('expense_not_own', EXPENSE_MESSAGES.notOwn, 403),
  officeNoChange: () => new OperationsError('expense_office_no_change', EXPENSE_MESSAGES.officeNoChange, 403),
  notPending: () => new OperationsError('expense_not_pending', EXPENSE_MESSAGES.notPending, 409),
  alreadyProcessed: () => new OperationsError('expense_processed', EXPENSE_MESSAGES.alreadyProcessed, 409),
  receiptMissing: () => new OperationsError('expense_receipt_missing', EXPENSE_MESSAGES.receiptMissing, 404),
  // 413 like the logo (and the gateway) for the same fault: the file is over its limit.
  receiptTooLarge: () => new OperationsError('expense_receipt_too_large', EXPENSE_MESSAGES.receiptTooLarge, 413),
  receiptBadType: () => new OperationsError('expense_receipt_bad_type', EXPENSE_MESSAGES.receiptBadType, 400),
  receiptEmpty: () => new OperationsError('expense_receipt_empty', EXPENSE_MESSAGES.receiptEmpty, 400),
  receiptInvalidUpload: () =>
    new OperationsError('expense_receipt_invalid_upload', EXPENSE_MESSAGES.receiptInvalidUpload, 400),
} as const;
