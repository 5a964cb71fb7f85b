import { QUOTE_ACCEPTANCE_MESSAGES, QUOTE_MESSAGES } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/**
 * The quotes module's errors: stable `code`, German `message`, HTTP status. They extend nest-common's
 * DomainError, which the one exception filter (AllExceptionsFilter) maps to the answer
 * `{ error, code, requestId }`; nothing else needs registering.
 */
export class QuoteError extends DomainError {}

export const QuoteErrors = {
  quoteNotFound: () => new QuoteError('quote_not_found', QUOTE_MESSAGES.notFound, 404),
  customerNotFound: () => new QuoteError('customer_not_found', QUOTE_MESSAGES.customerNotFound, 404),
  templateNotFound: () => new QuoteError('quote_template_not_found', QUOTE_MESSAGES.templateNotFound, 404),
  acceptedNotDeletable: () => new QuoteError('quote_accepted', QUOTE_MESSAGES.acceptedNotDeletable, 409),
  acceptedNotEditable: () => new QuoteError('quote_accepted', QUOTE_MESSAGES.acceptedNotEditable, 409),
  onlyDraftsSendable: () => new QuoteError('quote_not_draft', QUOTE_MESSAGES.onlyDraftsSendable, 409),
  changedWhileSending: () => new QuoteError('quote_changed_while_sending', QUOTE_MESSAGES.changedWhileSending, 409),
  customerWithoutEmail: () => new QuoteError('customer_without_email', QUOTE_MESSAGES.customerWithoutEmail, 400),
  validUntilPassed: () => new QuoteError('quote_valid_until_passed', QUOTE_MESSAGES.validUntilPassed, 400),
  numberConflict: () =>
    new QuoteError(
      'quote_number_conflict',
      'Die Angebotsnummer wurde gleichzeitig vergeben. Bitte erneut speichern.',
      409,
    ),
  signatureNotFound: () => new QuoteError('signature_not_found', QUOTE_MESSAGES.signatureNotFound, 404),
  onlyAcceptedToProject: () => new QuoteError('quote_not_accepted', QUOTE_MESSAGES.onlyAcceptedToProject, 409),
  projectAlreadyRequested: () =>
    new QuoteError('project_already_requested', QUOTE_MESSAGES.projectAlreadyRequested, 409),
  /** Public acceptance link. */
  linkNotFound: () => new QuoteError('acceptance_link_not_found', QUOTE_ACCEPTANCE_MESSAGES.notFound, 404),
  linkExpired: () => new QuoteError('acceptance_link_expired', QUOTE_ACCEPTANCE_MESSAGES.expired, 410),
  alreadyAnswered: () => new QuoteError('quote_already_answered', QUOTE_ACCEPTANCE_MESSAGES.alreadyAnswered, 410),
  signatureInvalid: () => new QuoteError('signature_invalid', QUOTE_ACCEPTANCE_MESSAGES.signatureInvalid, 400),
} as const;
