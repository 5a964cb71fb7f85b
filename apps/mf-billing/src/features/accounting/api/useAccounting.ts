import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountingSettingsRequest, VatPeriod } from '@zunft/contracts';
import { accountingApi, type JournalFilter } from './accounting.api';

export const accountingKeys = {
  all: ['billing', 'accounting'] as const,
  journal: (f: JournalFilter) => [...accountingKeys.all, 'journal', f] as const,
  openItems: (date: string) => [...accountingKeys.all, 'open-items', date] as const,
  vat: (year: number, period: VatPeriod) => [...accountingKeys.all, 'vat', year, period] as const,
  settings: () => [...accountingKeys.all, 'settings'] as const,
};

export function useJournalQuery(f: JournalFilter, enabled: boolean) {
  return useQuery({
    queryKey: accountingKeys.journal(f),
    queryFn: ({ signal }) => accountingApi.journal(f, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useOpenItemsQuery(date: string, enabled: boolean) {
  return useQuery({
    queryKey: accountingKeys.openItems(date),
    queryFn: ({ signal }) => accountingApi.openItems(date, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useVatQuery(year: number, period: VatPeriod) {
  return useQuery({
    queryKey: accountingKeys.vat(year, period),
    queryFn: ({ signal }) => accountingApi.vat(year, period, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAccountingSettingsQuery() {
  return useQuery({ queryKey: accountingKeys.settings(), queryFn: ({ signal }) => accountingApi.settings(signal) });
}

/** Saving the mapping changes every figure the screen shows: all of it reloads. */
export function useSaveAccountingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountingSettingsRequest) => accountingApi.saveSettings(body),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.all }),
  });
}

/** A downloaded file marks bookings as exported: the preview reloads. */
export function useInvalidateJournal() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...accountingKeys.all, 'journal'] });
}
