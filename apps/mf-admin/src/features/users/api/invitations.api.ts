import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitationRequest, InvitationDto } from '@zunft/contracts';
import { api } from '@zunft/web-common';

/** The admin's invitations of fiduciaries by e-mail (issue 26). */
export const invitationsApi = {
  list: (signal?: AbortSignal) => api.get<InvitationDto[]>('/users/invitations', { signal }),
  invite: (body: CreateInvitationRequest) => api.post<InvitationDto>('/users/invitations', body),
  revoke: (id: string) => api.delete<InvitationDto>(`/users/invitations/${encodeURIComponent(id)}`),
};

const key = ['admin', 'users', 'invitations'] as const;

export function useInvitationsQuery() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => invitationsApi.list(signal) });
}

export function useInviteAccountant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => invitationsApi.invite({ email, role: 'accountant' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invitationsApi.revoke(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
}
