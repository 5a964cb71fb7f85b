import type { ActiveTimeEntryResponse } from '@zunft/contracts';
import { isApiError } from '@zunft/web-common';

/** The server's 409 codes for start and stop (services/operations OperationsErrors). */
export const TIMER_CONFLICT = {
  start: 'timer_already_running',
  stop: 'timer_not_running',
} as const;

/**
 * True when a failed start or stop may still have done what the user asked for, so the running
 * entry is loaded again to decide: our own timeout (408), no connection (0), the gateway's upstream
 * timeout (504), or the server's 409 saying the timer already runs / no longer runs (a retry of a
 * request that got through before).
 */
export function outcomeUnknown(error: unknown, action: keyof typeof TIMER_CONFLICT): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 0 || error.status === 408 || error.status === 504) return true;
  return error.status === 409 && error.code === TIMER_CONFLICT[action];
}

/** After a start: a timer runs for the requested project. */
export function startDone(active: ActiveTimeEntryResponse, projectId: string): boolean {
  return active !== null && active.end_time === null && active.project_id === projectId;
}

/** After a stop: the entry the user stopped no longer runs. */
export function stopDone(active: ActiveTimeEntryResponse, entryId: string): boolean {
  return active === null || active.end_time !== null || active.id !== entryId;
}
