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

/** The company's settings; a failed load is only logged and the defaults apply (e.g. no position). */
const companySettingsQuery = {
  queryKey: timeKeys.settings(),
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<CompanySettingsDto> => {
    try {
      return await timeEntriesApi.settings(signal);
    } catch (error) {
      console.warn('[time] Firmeneinstellungen konnten nicht geladen werden', error);
      return DEFAULT_COMPANY_SETTINGS;
    }
  },
  staleTime: 5 * 60_000,
};

/** Company settings for the surcharge preview. */
export function useSurchargeSettingsQuery(enabled: boolean) {
  return useQuery({ ...companySettingsQuery, enabled });
}

/** How long a tap waits for settings that are not loaded yet before it goes on without a position. */
const GPS_SETTING_WAIT_MS = 3000;

/**
 * Whether the company lets time entries keep the position of the start/stop tap (issue 14,
 * `gps_enabled`, off by default). The settings load with the screen, so a tap (also offline) is
 * answered from them; if they are not there yet they are loaded, for at most 3 s. Unknown counts
 * as off: no position is read at all then.
 */
export function useGpsAllowed() {
  const client = useQueryClient();
  useQuery(companySettingsQuery);
  return async (): Promise<boolean> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settings = await Promise.race([
      client.ensureQueryData({ ...companySettingsQuery, revalidateIfStale: true }),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), GPS_SETTING_WAIT_MS))),
    ]);
    clearTimeout(timer);
    return settings?.gps_enabled === true;
  };
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
