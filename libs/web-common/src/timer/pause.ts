/*
 * The client-side pause of a running timer. The server has no pause endpoint, so a pause is kept
 * in localStorage per entry and sent as breakMinutes on stop. Shared by the time remote (which
 * pauses) and the shell's top-bar indicator (which must freeze with it).
 */

export interface PauseState {
  /** Finished pauses, in ms. */
  accruedMs: number;
  /** Epoch ms when the current pause began, null when not paused. */
  pausedAt: number | null;
}

export const NO_PAUSE: PauseState = Object.freeze({ accruedMs: 0, pausedAt: null });

export function startPause(state: PauseState, now: number): PauseState {
  return state.pausedAt === null ? { ...state, pausedAt: now } : state;
}

export function endPause(state: PauseState, now: number): PauseState {
  if (state.pausedAt === null) return state;
  return { accruedMs: state.accruedMs + Math.max(0, now - state.pausedAt), pausedAt: null };
}

/** All pause time so far, including a pause that is still running. */
export function pausedMs(state: PauseState, now: number): number {
  return state.accruedMs + (state.pausedAt === null ? 0 : Math.max(0, now - state.pausedAt));
}

/** Break minutes to send on stop: the pause time rounded to whole minutes. */
export function breakMinutesOf(state: PauseState, now: number): number {
  return Math.round(pausedMs(state, now) / 60_000);
}

/** Worked time of a running entry: since start, minus the pauses (frozen while paused). */
export function workedMs(startIso: string, state: PauseState, now: number): number {
  return Math.max(0, now - new Date(startIso).getTime() - pausedMs(state, now));
}

const KEY_PREFIX = 'zunft.time.pause.';

function isPauseState(value: unknown): value is PauseState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.accruedMs === 'number' && (v.pausedAt === null || typeof v.pausedAt === 'number');
}

export function loadPause(entryId: string, storage: Storage = localStorage): PauseState {
  try {
    const raw = storage.getItem(KEY_PREFIX + entryId);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isPauseState(parsed) ? parsed : NO_PAUSE;
  } catch {
    return NO_PAUSE;
  }
}

export function savePause(entryId: string, state: PauseState, storage: Storage = localStorage): void {
  try {
    storage.setItem(KEY_PREFIX + entryId, JSON.stringify(state));
  } catch {
    // Private mode or full storage: the pause still works until the page is reloaded.
  }
}

/** Forgets the pause of a stopped entry, and any left over from older entries. */
export function clearPauses(storage: Storage = localStorage): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(KEY_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => storage.removeItem(key));
  } catch {
    // ignore
  }
}
