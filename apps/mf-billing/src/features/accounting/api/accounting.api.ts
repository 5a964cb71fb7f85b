import { api } from '@zunft/web-common';
import type {
  AccountingSettingsDto,
  AccountingSettingsRequest,
  JournalFormat,
  JournalResponse,
  OpenItemsResponse,
  VatFiguresResponse,
  VatPeriod,
} from '@zunft/contracts';
import { SLOW_CALL } from '../../../shared/slowCall';

const query = (params: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== false)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export interface JournalFilter {
  from: string;
  to: string;
  includeExported: boolean;
}

/** Typed calls of the «Buchhaltung» screen (issue 26). */
export const accountingApi = {
  journal: (f: JournalFilter, signal?: AbortSignal) =>
    api.get<JournalResponse>(
      `/accounting/journal?${query({ from: f.from, to: f.to, includeExported: f.includeExported })}`,
      {
        signal,
      },
    ),
  /** The file of a period; the server marks its bookings as exported. */
  journalFile: (f: JournalFilter, format: Exclude<JournalFormat, 'json'>) =>
    api.blob(`/accounting/journal?${query({ ...f, format })}`),
  openItems: (date: string, signal?: AbortSignal) =>
    api.get<OpenItemsResponse>(`/invoices/open-items?${query({ date })}`, { signal }),
  openItemsFile: (date: string, format: 'csv' | 'pdf') =>
    api.blob(`/invoices/open-items?${query({ date, format })}`, SLOW_CALL),
  vat: (year: number, period: VatPeriod, signal?: AbortSignal) =>
    api.get<VatFiguresResponse>(`/accounting/vat?${query({ year, period })}`, { signal }),
  settings: (signal?: AbortSignal) => api.get<AccountingSettingsDto>('/accounting/settings', { signal }),
  saveSettings: (body: AccountingSettingsRequest) => api.put<AccountingSettingsDto>('/accounting/settings', body),
};
