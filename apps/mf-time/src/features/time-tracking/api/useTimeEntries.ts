import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_COMPANY_SETTINGS,
  type ActiveTimeEntryResponse,
  type CompanySettingsDto,
  type CreateTimeEntryRequest,
  type StartTimeEntryRequest,
  type StopTimeEntryRequest,
  type UpdateTimeEntryRequest,
} from '@zunft/contracts';
import { ACTIVE_TIME_ENTRY_QUERY_KEY, loadActiveTimeEntry } from '@zunft/web-common';
import { timeEntriesApi, type TimeEntryFilter } from './timeEntries.api';

export const timeKeys = {
  all: ['time', 'time-entries'] as const,
  list: (filter: TimeEntryFilter) => [...timeKeys.all, 'list', filter] as const,
  /** Shared with the shell's top-bar indicator. */
  active: () => ACTIVE_TIME_ENTRY_QUERY_KEY,
  settings: () => ['time', 'company-settings'] as const,
};

export function useTimeEntriesQuery(filter: TimeEntryFilter) {
  return useQuery({
    queryKey: timeKeys.list(filter),
    queryFn: ({ signal }) => timeEntriesApi.list(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** The running entry; a failed check keeps the one last seen (see loadActiveTimeEntry). */
export function useActiveEntryQuery() {
  const client = useQueryClient();
  return useQuery({
    queryKey: timeKeys.active(),
    queryFn: ({ signal }) => loadActiveTimeEntry(client, signal, 'time'),
  });
}

/**
 * Asks the server for the running entry and stores the answer as the active entry. Unlike the
 * query above a failed load throws: a start or stop whose outcome is unknown is decided from it.
 */
export function useReloadActiveEntry() {
  const client = useQueryClient();
  return async (): Promise<ActiveTimeEntryResponse> => {
    const entry = await timeEntriesApi.active();
    client.setQueryData(timeKeys.active(), entry);
    return entry;
  };
}

/** Company settings for the surcharge preview; a failed load is only logged and the defaults apply. */
export function useSurchargeSettingsQuery(enabled: boolean) {
  return useQuery({
    queryKey: timeKeys.settings(),
    queryFn: async ({ signal }): Promise<CompanySettingsDto> => {
      try {
        return await timeEntriesApi.settings(signal);
      } catch (error) {
        console.warn('[time] Firmeneinstellungen konnten nicht geladen werden', error);
        return DEFAULT_COMPANY_SETTINGS;
      }
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

function useInvalidateEntries() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: timeKeys.all });
}

export function useStartTimer() {
  const client = useQueryClient();
  const invalidate = useInvalidateEntries();
  return useMutation({
    mutationFn: (body: StartTimeEntryRequest) => timeEntriesApi.start(body),
    onSuccess: (entry) => client.setQueryData(timeKeys.active(), entry),
    onSettled: invalidate,
  });
}

export function useStopTimer() {
  const client = useQueryClient();
  const invalidate = useInvalidateEntries();
  return useMutation({
    mutationFn: (body: StopTimeEntryRequest) => timeEntriesApi.stop(body),
    onSuccess: () => client.setQueryData(timeKeys.active(), null),
    onSettled: invalidate,
  });
}

export function useCreateTimeEntry() {
  const invalidate = useInvalidateEntries();
  return useMutation({
    mutationFn: (body: CreateTimeEntryRequest) => timeEntriesApi.create(body),
    onSettled: invalidate,
  });
}

export function useUpdateTimeEntry() {
  const invalidate = useInvalidateEntries();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTimeEntryRequest }) => timeEntriesApi.update(id, body),
    onSettled: invalidate,
  });
}

export function useDeleteTimeEntry() {
  const invalidate = useInvalidateEntries();
  return useMutation({ mutationFn: (id: string) => timeEntriesApi.remove(id), onSettled: invalidate });
}

export function useApproveTimeEntry() {
  const invalidate = useInvalidateEntries();
  return useMutation({ mutationFn: (id: string) => timeEntriesApi.approve(id), onSettled: invalidate });
}
