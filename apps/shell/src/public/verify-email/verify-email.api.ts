import type { ResendVerificationResponse, VerifyEmailRequest, VerifyEmailResponse } from '@zunft/contracts';
import { api } from '@zunft/web-common';

/** POST /auth/verify-email (public): the token of the link in the registration mail. */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  const body: VerifyEmailRequest = { token };
  return api.post<VerifyEmailResponse>('/auth/verify-email', body, { authRedirect: false });
}

/** POST /auth/verify-email/resend (admin): a new link to the admin's address. */
export function resendVerification(): Promise<ResendVerificationResponse> {
  return api.post<ResendVerificationResponse>('/auth/verify-email/resend');
}
