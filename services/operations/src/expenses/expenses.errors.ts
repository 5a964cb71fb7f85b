import { serverMessage } from '@zunft/contracts';
import { OperationsError } from '../common/operations.errors.js';

/** Errors of the expenses module; the shared filter maps `status` and shows the German `message`. */
export const ExpenseErrors = {
  notFound: () => new OperationsError('expense_not_found', serverMessage('expense_not_found'), 404),
  notOwn: () => new OperationsError('expense_not_own', serverMessage('expense_not_own'), 403),
  officeNoChange: () => new OperationsError('expense_office_no_change', serverMessage('expense_office_no_change'), 403),
  notPending: () => new OperationsError('expense_not_pending', serverMessage('expense_not_pending'), 409),
  alreadyProcessed: () => new OperationsError('expense_processed', serverMessage('expense_processed'), 409),
  receiptMissing: () => new OperationsError('expense_receipt_missing', serverMessage('expense_receipt_missing'), 404),
  // 413 like the logo (and the gateway) for the same fault: the file is over its limit.
  receiptTooLarge: () =>
    new OperationsError('expense_receipt_too_large', serverMessage('expense_receipt_too_large'), 413),
  receiptBadType: () => new OperationsError('expense_receipt_bad_type', serverMessage('expense_receipt_bad_type'), 400),
  receiptEmpty: () => new OperationsError('expense_receipt_empty', serverMessage('expense_receipt_empty'), 400),
  receiptInvalidUpload: () =>
    new OperationsError('expense_receipt_invalid_upload', serverMessage('expense_receipt_invalid_upload'), 400),
} as const;
