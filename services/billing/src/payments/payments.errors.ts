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
  wrongAccount: (file: string, company: string) =>
    new PaymentError('camt_wrong_account', serverMessage('camt_wrong_account', { file, company }), 400),
  companyIbanMissing: () =>
    new PaymentError('camt_company_iban_missing', serverMessage('camt_company_iban_missing'), 400),
  zipInvalid: () => new PaymentError('camt_zip_invalid', serverMessage('camt_zip_invalid'), 400),
} as const;
