import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

export class MembershipError extends DomainError {}

/** One fiduciary in several companies (issue 26): invitations and company switching. */
export const MembershipErrors = {
  /** No such company among the person's accounts (another tenant's id looks like an unknown one). */
  companyNotFound: () => new MembershipError('company_not_found', serverMessage('company_not_found'), 404),
  /** The admin removed (deactivated) the person's access to that company. */
  companyAccessDenied: () => new MembershipError('company_access_denied', serverMessage('company_access_denied'), 403),
  invitationNotFound: () => new MembershipError('not_found', serverMessage('not_found'), 404),
  /** An unknown token (never issued, or replaced by a newer mail of the same invitation). */
  invitationInvalid: () => new MembershipError('invitation_invalid', serverMessage('invitation_invalid'), 400),
  /** Expired, accepted or withdrawn (410 Gone). */
  invitationGone: () => new MembershipError('invitation_gone', serverMessage('invitation_gone'), 410),
  nameRequired: () => new MembershipError('invitation_name_required', serverMessage('invitation_name_required'), 400),
  alreadyMember: () =>
    new MembershipError('invitation_already_member', serverMessage('invitation_already_member'), 409),
  /** Accepting with an existing account: its password was wrong. */
  invalidCredentials: () => new MembershipError('invalid_credentials', serverMessage('invalid_credentials'), 401),
  accountDeactivated: () => new MembershipError('account_deactivated', serverMessage('account_deactivated.login'), 403),
  /** A linked account's e-mail is its home account's. */
  emailFixed: () => new MembershipError('membership_email_fixed', serverMessage('membership_email_fixed'), 400),
} as const;
