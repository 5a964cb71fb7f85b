import { NO_PAUSE, workedMs, type PauseState } from '@zunft/web-common';

/** Part 1 §9: the indicator re-fetches the active entry every second during alternating 30-second windows. */
export const TIMER_POLL_WINDOW_MS = 30_000;
export const TIMER_POLL_INTERVAL_MS = 1_000;

/** True in the polling windows (0–30 s, 60–90 s, …) counted from when the indicator mounted. */
export function inPollWindow(msSinceMount: number): boolean {
  return Math.floor(Math.max(0, msSinceMount) / TIMER_POLL_WINDOW_MS) % 2 === 0;
}

/**
 * Whole minutes a timer has worked (for the h:mm display): since start, minus the pauses taken on
 * the time-tracking screen, frozen while paused, so both timers agree. Never negative.
 */
export function elapsedMinutes(startIso: string, now: number, pause: PauseState = NO_PAUSE): number {
  if (Number.isNaN(new Date(startIso).getTime())) return 0;
  return Math.floor(workedMs(startIso, pause, now) / 60_000);
}

/** The running entry's query key, shared with the time remote (defined once in web-common). */
export { ACTIVE_TIME_ENTRY_QUERY_KEY as ACTIVE_ENTRY_QUERY_KEY } from '@zunft/web-common';
