import { QUOTE_ACCEPTANCE_MESSAGES, QUOTE_MESSAGES } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of the billing domain; the shared filter maps `status` and shows `message`. */
export class BillingError extends DomainError {}

export const BillingErrors = {
  quoteNotFound: () => new BillingError('quote_not_found', QUOTE_MESSAGES.notFound, 404),
  customerNotFound: () => new BillingError('customer_not_found', QUOTE_MESSAGES.customerNotFound, 404),
  templateNotFound: () => new BillingError('quote_template_not_found', QUOTE_MESSAGES.templateNotFound, 404),
  acceptedNotDeletable: () => new BillingError('quote_accepted', QUOTE_MESSAGES.acceptedNotDeletable, 409),
  acceptedNotEditable: () => new BillingError('quote_accepted', QUOTE_MESSAGES.acceptedNotEditable, 409),
  onlyDraftsSendable: () => new BillingError('quote_not_draft', QUOTE_MESSAGES.onlyDraftsSendable, 409),
  changedWhileSending: () => new BillingError('quote_changed_while_sending', QUOTE_MESSAGES.changedWhileSending, 409),
  customerWithoutEmail: () => new BillingError('customer_without_email', QUOTE_MESSAGES.customerWithoutEmail, 400),
  validUntilPassed: () => new BillingError('quote_valid_until_passed', QUOTE_MESSAGES.validUntilPassed, 400),
  numberConflict: () =>
    new BillingError(
      'quote_number_conflict',
      'Die Angebotsnummer wurde gleichzeitig vergeben. Bitte erneut speichern.',
      409,
    ),
  signatureNotFound: () => new BillingError('signature_not_found', QUOTE_MESSAGES.signatureNotFound, 404),
  onlyAcceptedToProject: () => new BillingError('quote_not_accepted', QUOTE_MESSAGES.onlyAcceptedToProject, 409),
  projectAlreadyRequested: () =>
    new BillingError('project_already_requested', QUOTE_MESSAGES.projectAlreadyRequested, 409),
  /** Public acceptance link. */
  linkNotFound: () => new BillingError('acceptance_link_not_found', QUOTE_ACCEPTANCE_MESSAGES.notFound, 404),
  linkExpired: () => new BillingError('acceptance_link_expired', QUOTE_ACCEPTANCE_MESSAGES.expired, 410),
  alreadyAnswered: () => new BillingError('quote_already_answered', QUOTE_ACCEPTANCE_MESSAGES.alreadyAnswered, 410),
  signatureInvalid: () => new BillingError('signature_invalid', QUOTE_ACCEPTANCE_MESSAGES.signatureInvalid, 400),
} as const;

/** PostgreSQL unique violation of the given index (a race lost against a parallel request). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const driver = e?.driverError ?? e;
  return driver?.code === '23505' && driver.constraint === constraint;
}
