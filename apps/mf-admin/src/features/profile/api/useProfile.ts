import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, UpdateProfileRequest } from '@zunft/contracts';
import { useSession } from '@zunft/web-common';
import { profileApi } from './profile.api';

/** PUT /auth/profile, then the session user is loaded again (name and e-mail in the shell). */
export function useUpdateProfile() {
  const { refreshProfile } = useSession();
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest) => {
      const result = await profileApi.update(body);
      await refreshProfile();
      return result;
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => profileApi.changePassword(body) });
}
