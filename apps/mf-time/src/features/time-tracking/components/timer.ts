/*
 * Pure timer logic: the HH:MM:SS display here; the client-side pause lives in web-common, because
 * the shell's top-bar indicator reads it too.
 */
export {
  NO_PAUSE,
  breakMinutesOf,
  clearPauses,
  endPause,
  loadPause,
  pausedMs,
  savePause,
  startPause,
  workedMs,
  type PauseState,
} from '@zunft/web-common';

const pad = (n: number) => String(n).padStart(2, '0');

/** Milliseconds -> "HH:MM:SS" (hours keep counting past 99, never negative). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}`;
}
