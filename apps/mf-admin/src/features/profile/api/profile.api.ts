import { api } from '@zunft/web-common';
import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  UpdateProfileRequest,
  UpdateProfileResponse,
} from '@zunft/contracts';

/** Typed calls of the profile screen (part 2 §7 "Profile"). GET /auth/profile is the session's refreshProfile(). */
export const profileApi = {
  update: (body: UpdateProfileRequest) => api.put<UpdateProfileResponse>('/auth/profile', body),
  changePassword: (body: ChangePasswordRequest) => api.put<ChangePasswordResponse>('/auth/change-password', body),
};
