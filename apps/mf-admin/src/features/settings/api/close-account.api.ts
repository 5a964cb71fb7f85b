import { api } from '@zunft/web-common';
import type { CloseCompanyRequest, CloseCompanyResponse } from '@zunft/contracts';

/** «Konto schliessen» (issue 26): the company's name typed as confirmation. */
export const closeAccountApi = {
  close: (body: CloseCompanyRequest) => api.post<CloseCompanyResponse>('/companies/me/close', body),
};
