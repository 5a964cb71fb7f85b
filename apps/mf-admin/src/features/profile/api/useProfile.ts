import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, UpdateProfileRequest } from '@zunft/contracts';
import { tokenStore, useSession } from '@zunft/web-common';
import { profileApi } from './profile.api';

/**
 * PUT /auth/profile. The answer carries the user (name, e-mail, language in the shell at once) and a
 * fresh access token whose language claim follows the profile (server messages in that language).
 */
export function useUpdateProfile() {
  const { setUser } = useSession();
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest) => {
      const result = await profileApi.update(body);
      if (result.token) tokenStore.set(result.token);
      setUser(result.user);
      return result;
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => profileApi.changePassword(body) });
}
