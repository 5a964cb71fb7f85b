import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/**
 * The quotes module's errors: stable `code`, German `message`, HTTP status. They extend nest-common's
 * DomainError, which the one exception filter (AllExceptionsFilter) maps to the answer
 * `{ error, code, requestId }`; nothing else needs registering.
 */
export class QuoteError extends DomainError {}

export const QuoteErrors = {
  quoteNotFound: () => new QuoteError('quote_not_found', serverMessage('quote_not_found'), 404),
  customerNotFound: () => new QuoteError('customer_not_found', serverMessage('customer_not_found'), 404),
  customerArchived: () => new QuoteError('customer_archived', serverMessage('customer_archived'), 409),
  templateNotFound: () => new QuoteError('quote_template_not_found', serverMessage('quote_template_not_found'), 404),
  acceptedNotDeletable: () => new QuoteError('quote_accepted', serverMessage('quote_accepted.not_deletable'), 409),
  acceptedNotEditable: () => new QuoteError('quote_accepted', serverMessage('quote_accepted.not_editable'), 409),
  onlyDraftsSendable: () => new QuoteError('quote_not_draft', serverMessage('quote_not_draft'), 409),
  changedWhileSending: () =>
    new QuoteError('quote_changed_while_sending', serverMessage('quote_changed_while_sending'), 409),
  customerWithoutEmail: () =>
    new QuoteError('customer_without_email', serverMessage('customer_without_email.quote'), 400),
  validUntilPassed: () => new QuoteError('quote_valid_until_passed', serverMessage('quote_valid_until_passed'), 400),
  numberConflict: () => new QuoteError('quote_number_conflict', serverMessage('quote_number_conflict'), 409),
  signatureNotFound: () => new QuoteError('signature_not_found', serverMessage('signature_not_found'), 404),
  onlyAcceptedToProject: () => new QuoteError('quote_not_accepted', serverMessage('quote_not_accepted.project'), 409),
  projectAlreadyRequested: () =>
    new QuoteError('project_already_requested', serverMessage('project_already_requested'), 409),
  /** Public acceptance link. */
  linkNotFound: () => new QuoteError('acceptance_link_not_found', serverMessage('acceptance_link_not_found'), 404),
  linkExpired: () => new QuoteError('acceptance_link_expired', serverMessage('link_expired'), 410),
  alreadyAnswered: () => new QuoteError('quote_already_answered', serverMessage('quote_already_answered'), 410),
  signatureInvalid: () => new QuoteError('signature_invalid', serverMessage('signature_invalid'), 400),
} as const;
