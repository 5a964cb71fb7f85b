import { DomainError } from '@zunft/nest-common';

/** Errors of the unmatched bank credits; the shared filter maps `status` and shows `message`. */
export class PaymentError extends DomainError {}

export const PaymentErrors = {
  creditNotFound: () => new PaymentError('unmatched_credit_not_found', 'Gutschrift nicht gefunden', 404),
  creditAssigned: () =>
    new PaymentError('unmatched_credit_assigned', 'Diese Gutschrift wurde bereits einer Rechnung zugeordnet', 409),
  currencyMismatch: () =>
    new PaymentError(
      'unmatched_credit_currency',
      'Die Gutschrift lautet auf eine andere Währung als die Rechnung und kann ihr nicht zugeordnet werden',
      400,
    ),
} as const;
