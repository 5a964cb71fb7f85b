import type { AcceptInvitationRequest, AuthResponse, InvitationInfo } from '@zunft/contracts';
import { api } from '@zunft/web-common';

/** GET /auth/invitations/:token (public): whom the link invites, into which company (issue 26). */
export function fetchInvitation(token: string): Promise<InvitationInfo> {
  return api.get<InvitationInfo>(`/auth/invitations/${encodeURIComponent(token)}`, { authRedirect: false });
}

/** POST /auth/invitations/accept (public): a session in the inviting company. */
export function acceptInvitation(request: AcceptInvitationRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/invitations/accept', request, { authRedirect: false });
}
