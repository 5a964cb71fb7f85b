import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of the unmatched bank credits; the shared filter maps `status` and shows `message`. */
export class PaymentError extends DomainError {}

export const PaymentErrors = {
  creditNotFound: () =>
    new PaymentError('unmatched_credit_not_found', serverMessage('unmatched_credit_not_found'), 404),
  creditAssigned: () => new PaymentError('unmatched_credit_assigned', serverMessage('unmatched_credit_assigned'), 409),
  currencyMismatch: () =>
    new PaymentError('unmatched_credit_currency', serverMessage('unmatched_credit_currency'), 400),
} as const;
