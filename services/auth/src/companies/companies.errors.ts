import { DomainError } from '@zunft/nest-common';
import { serverMessage } from '@zunft/contracts';

export class CompanyError extends DomainError {}

export const CompanyErrors = {
  notFound: () => new CompanyError('company_not_found', serverMessage('company_not_found'), 404),
  logoMissing: () => new CompanyError('logo_missing', serverMessage('logo_missing'), 400),
  logoTooLarge: () => new CompanyError('logo_too_large', serverMessage('logo_too_large'), 413),
  logoBadType: () => new CompanyError('logo_bad_type', serverMessage('logo_bad_type'), 400),
  logoNotFound: () => new CompanyError('logo_not_found', serverMessage('logo_not_found'), 404),
} as const;
