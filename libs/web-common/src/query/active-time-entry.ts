import type { QueryClient } from '@tanstack/react-query';
import type { ActiveTimeEntryResponse } from '@zunft/contracts';
import { api } from '../api/api';

/**
 * The running time entry's query key, shared by the time remote and the shell's top-bar indicator
 * (one QueryClient): starting or stopping on the time screen updates the top bar at once.
 */
export const ACTIVE_TIME_ENTRY_QUERY_KEY = ['time', 'time-entries', 'active'] as const;

/**
 * The query function of the running entry. Part 1 §4 "a failed load means no timer" holds for the
 * first load only: a later failed check (timeout, no signal) keeps the entry last seen, so a
 * running timer never vanishes because of one bad answer.
 */
export async function loadActiveTimeEntry(
  client: QueryClient,
  signal: AbortSignal | undefined,
  who: string,
): Promise<ActiveTimeEntryResponse> {
  try {
    return await api.get<ActiveTimeEntryResponse>('/time-entries/active', { signal });
  } catch (error) {
    console.warn(`[${who}] Aktiver Timer konnte nicht geladen werden`, error);
    return client.getQueryData<ActiveTimeEntryResponse>(ACTIVE_TIME_ENTRY_QUERY_KEY) ?? null;
  }
}
