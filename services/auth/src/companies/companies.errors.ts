import { DomainError } from '@zunft/nest-common';
import { serverMessage } from '@zunft/contracts';

export class CompanyError extends DomainError {}

export const CompanyErrors = {
  notFound: () => new CompanyError('company_not_found', serverMessage('company_not_found'), 404),
  logoMissing: () => new CompanyError('logo_missing', serverMessage('logo_missing'), 400),
  logoTooLarge: () => new CompanyError('logo_too_large', serverMessage('logo_too_large'), 413),
  logoBadType: () => new CompanyError('logo_bad_type', serverMessage('logo_bad_type'), 400),
  logoNotFound: () => new CompanyError('logo_not_found', serverMessage('logo_not_found'), 404),
  /** Closing (issue 26): the typed name is not the company's (compared after trimming). */
  closeNameMismatch: (name: string) =>
    new CompanyError('company_close_name_mismatch', serverMessage('company_close_name_mismatch', { name }), 400),
  closeSubscriptionActive: () =>
    new CompanyError('company_close_subscription_active', serverMessage('company_close_subscription_active'), 409),
  alreadyClosed: () => new CompanyError('company_already_closed', serverMessage('company_already_closed'), 409),
  /** Sign-in and refresh of a closed company's users. */
  closed: () => new CompanyError('company_closed', serverMessage('company_closed'), 403),
} as const;
