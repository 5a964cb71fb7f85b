import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

export class UserError extends DomainError {}

export const UserErrors = {
  notFound: () => new UserError('user_not_found', serverMessage('user_not_found'), 404),
  emailTaken: () => new UserError('email_taken', serverMessage('email_taken'), 409),
  cannotDeactivateSelf: () => new UserError('cannot_deactivate_self', serverMessage('cannot_deactivate_self'), 400),
  cannotDeleteSelf: () => new UserError('cannot_delete_self', serverMessage('cannot_delete_self'), 400),
  cannotChangeOwnRole: () => new UserError('cannot_change_own_role', serverMessage('cannot_change_own_role'), 400),
  linkedEmailFixed: () => new UserError('membership_email_fixed', serverMessage('membership_email_fixed'), 400),
  categoryExists: () => new UserError('category_exists', serverMessage('category_exists'), 409),
} as const;

/** PostgreSQL unique violation of the given index (a race lost against a parallel request). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } })?.driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}
