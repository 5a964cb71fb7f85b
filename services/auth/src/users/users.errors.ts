import { DomainError } from '@zunft/nest-common';

export class UserError extends DomainError {}

export const UserErrors = {
  notFound: () => new UserError('user_not_found', 'Benutzer nicht gefunden', 404),
  emailTaken: () => new UserError('email_taken', 'Diese E-Mail-Adresse ist bereits registriert', 409),
  cannotDeactivateSelf: () =>
    new UserError('cannot_deactivate_self', 'Sie können Ihr eigenes Konto nicht deaktivieren', 400),
  cannotDeleteSelf: () => new UserError('cannot_delete_self', 'Sie können Ihr eigenes Konto nicht löschen', 400),
  cannotChangeOwnRole: () => new UserError('cannot_change_own_role', 'Sie können Ihre eigene Rolle nicht ändern', 400),
  categoryExists: () => new UserError('category_exists', 'Dieser Handwerksbereich existiert bereits', 409),
} as const;

/** PostgreSQL unique violation of the given index (a race lost against a parallel request). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } })?.driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}
