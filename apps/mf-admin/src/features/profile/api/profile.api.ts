import { api } from '@zunft/web-common';
import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  ProfileResponse,
  UpdateProfileRequest,
} from '@zunft/contracts';

/** Typed calls of the profile screen (part 2 §7 "Profile"). GET /auth/profile is the session's refreshProfile(). */
export const profileApi = {
  update: (body: UpdateProfileRequest) => api.put<ProfileResponse>('/auth/profile', body),
  changePassword: (body: ChangePasswordRequest) => api.put<ChangePasswordResponse>('/auth/change-password', body),
};
