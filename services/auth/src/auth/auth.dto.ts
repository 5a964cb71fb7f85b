import {
  isPaymentRequired,
  type SessionUser,
  changePasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  superAdminLoginRequestSchema,
  updateProfileRequestSchema,
} from '@zunft/contracts';
import type { z } from 'zod';
import type { CompanyEntity } from '../companies/company.entity.js';
import type { UserEntity } from '../users/user.entity.js';

export type RegisterInput = z.output<typeof registerRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;
export type UpdateProfileInput = z.output<typeof updateProfileRequestSchema>;
export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
export type SuperAdminLoginInput = z.output<typeof superAdminLoginRequestSchema>;

/**
 * The user as the shell keeps it. `lastLoginAt` is passed explicitly: the login answer shows the
 * login BEFORE this one (the dashboard's "letzte Anmeldung").
 */
export function toSessionUser(
  user: UserEntity,
  company: CompanyEntity,
  options: { lastLoginAt: Date | null; isSuperAdmin?: boolean },
): SessionUser {
  const sessionUser: SessionUser = {
    id: user.id,
    email: user.email,
    role: user.role,
    companyId: company.id,
    companyName: company.name,
    firstName: user.firstName,
    lastName: user.lastName,
    first_name: user.firstName,
    last_name: user.lastName,
    language: user.language ?? company.language,
    companyLanguage: company.language,
    craftsmanCategory: user.craftsmanCategory,
    hourlyRate: user.hourlyRate,
    requiresPayment: isPaymentRequired(company.subscriptionStatus, company.trialEndsAt),
    subscriptionStatus: company.subscriptionStatus,
    trialEndsAt: company.trialEndsAt?.toISOString() ?? null,
    lastLoginAt: options.lastLoginAt?.toISOString() ?? null,
    emailVerified: company.emailVerifiedAt !== null,
  };
  if (options.isSuperAdmin) sessionUser.isSuperAdmin = true;
  return sessionUser;
}
