import type { AuthResponse, CompaniesResponse, SwitchCompanyRequest } from '@zunft/contracts';
import { api } from '@zunft/web-common';

/** GET /auth/companies: the companies the signed-in person may enter (issue 26). */
export function fetchCompanies(): Promise<CompaniesResponse> {
  return api.get<CompaniesResponse>('/auth/companies');
}

/** POST /auth/switch-company: a new session in that company; the current one ends. */
export function switchCompany(companyId: string): Promise<AuthResponse> {
  const body: SwitchCompanyRequest = { companyId };
  // calls of the old page still in flight get 401 now: not a reason to refresh or sign out
  return api.changeSession(() => api.post<AuthResponse>('/auth/switch-company', body));
}
