import { z } from 'zod';
import { emailSchema, passwordSchema, requiredName } from './auth.js';
import { ROLES, type Role } from './common.js';

/**
 * One fiduciary (Treuhänder) in several companies (issue 26). The person signs in with one e-mail
 * and password (their home account, in the company that created or first invited them); every other
 * company they may enter holds a linked accountant account of its own (`users.identity_user_id`),
 * so an access token stays scoped to exactly one company and every service filters by it as before.
 */

/** German texts of the zod schemas below; the server catalogue translates them (fr, it). */
export const MEMBERSHIP_MESSAGES = {
  invitationInvalid: 'Der Einladungslink ist ungültig. Bitte bitten Sie die Firma um eine neue Einladung.',
  companyChoiceInvalid: 'Ungültige Firma',
  onlyAccountants: 'Eingeladen werden können nur Treuhänder',
} as const;

/** An invitation link is valid for 7 days. */
export const INVITATION_TTL_DAYS = 7;

/** The roles an admin may invite by e-mail (today only the fiduciary). */
export const INVITABLE_ROLES = ['accountant'] as const;

/** One company the signed-in person may enter (GET /auth/companies). */
export interface CompanyChoice {
  companyId: string;
  companyName: string;
  role: Role;
  /** The company of the current access token. */
  current: boolean;
}
export interface CompaniesResponse {
  companies: CompanyChoice[];
}
export const companiesResponseSchema = z.object({
  companies: z.array(
    z.object({ companyId: z.uuid(), companyName: z.string(), role: z.enum(ROLES), current: z.boolean() }),
  ),
}) satisfies z.ZodType<CompaniesResponse>;

/** POST /auth/switch-company: a new session in that company (the current one ends). */
export const switchCompanyRequestSchema = z.object({
  companyId: z.uuid({ error: MEMBERSHIP_MESSAGES.companyChoiceInvalid }),
});
export type SwitchCompanyRequest = z.input<typeof switchCompanyRequestSchema>;

/** POST /users/invitations (admin). */
export const createInvitationRequestSchema = z.object({
  email: emailSchema,
  role: z.enum(INVITABLE_ROLES, { error: MEMBERSHIP_MESSAGES.onlyAccountants }),
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export interface InvitationDto {
  id: string;
  email: string;
  role: (typeof INVITABLE_ROLES)[number];
  state: InvitationState;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
}
export const invitationDtoSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  state: z.enum(INVITATION_STATES),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  acceptedAt: z.iso.datetime({ offset: true }).nullable(),
}) satisfies z.ZodType<InvitationDto>;
export const invitationListSchema = z.array(invitationDtoSchema);

/** GET /auth/invitations/:token (public): what the accept page shows. */
export interface InvitationInfo {
  email: string;
  companyName: string;
  /** The address has an account already: the page asks for its password only. */
  accountExists: boolean;
  expiresAt: string;
}
export const invitationInfoSchema = z.object({
  email: z.string(),
  companyName: z.string(),
  accountExists: z.boolean(),
  expiresAt: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<InvitationInfo>;

/** The invitation token as it travels in the link: 32 random bytes, base64url. */
export const invitationTokenSchema = z
  .string({ error: MEMBERSHIP_MESSAGES.invitationInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: MEMBERSHIP_MESSAGES.invitationInvalid });

/**
 * POST /auth/invitations/accept (public). A new address sets its name and password (the password
 * policy applies); an existing account signs in with its password. Either way the answer is a
 * session in the inviting company.
 */
export const acceptInvitationRequestSchema = z.object({
  token: invitationTokenSchema,
  password: passwordSchema,
  firstName: requiredName('Vorname').optional(),
  lastName: requiredName('Nachname').optional(),
  rememberMe: z.boolean().optional().default(false),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/**
 * `rpc.auth.invitation-link` (billing → auth, at send time): the token of the invitation that
 * `auth.user.invited` announced. Drawn when asked, only its hash kept; `closed` when the invitation
 * was accepted, revoked or has expired meanwhile (billing then sends nothing).
 */
export const invitationLinkRequestSchema = z.object({ companyId: z.uuid(), invitationId: z.uuid() });
export const invitationLinkSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('issued'), token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }),
  z.object({ state: z.literal('closed') }),
]);
export type InvitationLink = z.infer<typeof invitationLinkSchema>;
