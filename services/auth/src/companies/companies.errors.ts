import { DomainError } from '@zunft/nest-common';
import { LOGO_ERRORS } from '@zunft/contracts';

export class CompanyError extends DomainError {}

export const CompanyErrors = {
  notFound: () => new CompanyError('company_not_found', 'Firma nicht gefunden', 404),
  logoMissing: () => new CompanyError('logo_missing', LOGO_ERRORS.missing, 400),
  logoTooLarge: () => new CompanyError('logo_too_large', LOGO_ERRORS.tooLarge, 413),
  logoBadType: () => new CompanyError('logo_bad_type', LOGO_ERRORS.badType, 400),
  logoNotFound: () => new CompanyError('logo_not_found', 'Logo nicht gefunden', 404),
} as const;
