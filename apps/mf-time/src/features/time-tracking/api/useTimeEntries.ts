import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_COMPANY_SETTINGS,
  type CompanySettingsDto,
  type CreateTimeEntryRequest,
  type StartTimeEntryRequest,
  type StopTimeEntryRequest,
  type UpdateTimeEntryRequest,
} from '@zunft/contracts';
import { timeEntriesApi, type TimeEntryFilter } from './timeEntries.api';

export const timeKeys = {
  all: ['time', 'time-entries'] as const,
  list: (filter: TimeEntryFilter) => [...timeKeys.all, 'list', filter] as const,
  /** The shell's top-bar indicator may share this key. */
  active: () => [...timeKeys.all, 'active'] as const,
  settings: () => ['time', 'company-settings'] as const,
};

export function useTimeEntriesQuery(filter: TimeEntryFilter) {
  return useQuery({
    queryKey: timeKeys.list(filter),
    queryFn: ({ signal }) => timeEntriesApi.list(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** The running entry; a failed load means "no timer" (part 1 §4). */
export function useActiveEntryQuery() {
  return useQuery({
    queryKey: timeKeys.active(),
    queryFn: async ({ signal }) => {
      try {
        return await timeEntriesApi.active(signal);
      } catch (error) {
        console.warn('[time] Aktiver Timer konnte nicht geladen werden', error);
        return null;
      }
    },
  });
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
