import { api } from '@zunft/web-common';
import type {
  CompanyProfileDto,
  CompanySettingsDto,
  LogoUploadResponse,
  MessageResponse,
  UpdateCompanyProfileRequest,
  UpdateCompanySettingsRequest,
} from '@zunft/contracts';

/** Typed calls of the settings screen (part 2 §7 "Company"). */
export const companyApi = {
  profile: (signal?: AbortSignal) => api.get<CompanyProfileDto>('/companies/profile', { signal }),
  updateProfile: (body: UpdateCompanyProfileRequest) => api.put<CompanyProfileDto>('/companies/profile', body),
  settings: (signal?: AbortSignal) => api.get<CompanySettingsDto>('/companies/settings', { signal }),
  updateSettings: (body: UpdateCompanySettingsRequest) => api.put<CompanySettingsDto>('/companies/settings', body),
  uploadLogo: (file: File) => {
    const data = new FormData();
    data.append('logo', file);
    return api.upload<LogoUploadResponse>('/companies/logo', data);
  },
  deleteLogo: () => api.delete<MessageResponse>('/companies/logo'),
};
