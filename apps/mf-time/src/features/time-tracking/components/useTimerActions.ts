import { useRef, useState } from 'react';
import type { ActiveTimeEntryResponse, TimeEntryDto } from '@zunft/contracts';
import { toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useReloadActiveEntry, useStartTimer, useStopTimer } from '../api/useTimeEntries';
import { getPositionOnce } from './geolocation';
import { clearPauses } from './timer';
import { outcomeUnknown, startDone, stopDone } from './timerOutcome';

type Action = 'start' | 'stop';

/**
 * Start and stop with the location read once (optional) and the toasts of part 1 §8. One action at
 * a time: a second tap while one runs (locating, sending, checking) is ignored. A start or stop whose
 * answer got lost on a bad connection is decided from the server's running entry, not repeated.
 */
export function useTimerActions() {
  const t = useTimeT();
  const startMutation = useStartTimer();
  const stopMutation = useStopTimer();
  const reloadActive = useReloadActiveEntry();
  const [locating, setLocating] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  // The state above only disables the buttons after the next render; the ref stops a quick double tap.
  const running = useRef<Action | null>(null);

  const exclusive = async (action: Action, work: () => Promise<boolean>): Promise<boolean> => {
    if (running.current) return false;
    running.current = action;
    setBusy(action);
    try {
      return await work();
    } finally {
      running.current = null;
      setBusy(null);
      setLocating(false);
    }
  };

  /** The running entry from the server, or undefined when it cannot be loaded either. */
  const serverState = async (): Promise<ActiveTimeEntryResponse | undefined> => {
    try {
      return await reloadActive();
    } catch (error) {
      console.warn('[time] Aktiver Timer konnte nicht geprüft werden', error);
      return undefined;
    }
  };

  const start = (projectId: string, description: string | null, errorText = t('timeTracking.toast.startError')) =>
    exclusive('start', async () => {
      setLocating(true);
      const position = await getPositionOnce();
      setLocating(false);
      try {
        await startMutation.mutateAsync({ projectId, description: description?.trim() || null, ...(position ?? {}) });
        // Only now: the pause of a timer that (unseen) still runs must survive a refused start.
        clearPauses();
        toast.success(t('timeTracking.toast.started'));
        return true;
      } catch (error) {
        if (outcomeUnknown(error, 'start')) {
          const active = await serverState();
          // Pauses stay: the running entry may be one that already ran (and has a pause) before.
          if (active !== undefined && startDone(active, projectId)) {
            toast.success(t('timeTracking.toast.started'));
            return true;
          }
        }
        toastFailure(error, errorText);
        return false;
      }
    });

  const stop = (entry: TimeEntryDto, breakMinutes: number) =>
    exclusive('stop', async () => {
      // Only read the position again when the user allowed it at the start (no second prompt).
      const position = entry.start_latitude !== null ? await getPositionOnce() : null;
      try {
        await stopMutation.mutateAsync({ timeEntryId: entry.id, breakMinutes, ...(position ?? {}) });
        clearPauses();
        toast.success(t('timeTracking.toast.stopped'));
        return true;
      } catch (error) {
        if (outcomeUnknown(error, 'stop')) {
          const active = await serverState();
          if (active !== undefined && stopDone(active, entry.id)) {
            // Another timer may run by now: its pause is kept.
            if (active === null) clearPauses();
            toast.success(t('timeTracking.toast.stopped'));
            return true;
          }
        }
        toastFailure(error, t('timeTracking.toast.stopError'));
        return false;
      }
    });

  return {
    start,
    stop,
    locating,
    starting: busy === 'start',
    stopping: busy === 'stop',
  };
}
