import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ActiveTimeEntryResponse, TimeEntryDto } from '@zunft/contracts';
import { isApiError, toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import type { ProjectChoice } from '../../projects/components/ProjectSelect';
import { timeKeys, useGpsAllowed, useReloadActiveEntry, useStartTimer, useStopTimer } from '../api/useTimeEntries';
import { offlineTime } from '../offline/offlineTime';
import { getPositionOnce, type Position } from './geolocation';
import { clearPauses } from './timer';
import { outcomeUnknown, startDone, stopDone } from './timerOutcome';

type Action = 'start' | 'stop';

/** No reception at all: the request never got an answer and the server's state cannot be read. */
function noConnection(error: unknown): boolean {
  return (isApiError(error) && error.status === 0) || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/**
 * Start and stop with the location read once (optional: only when the company allows it, see
 * useGpsAllowed, and the user agrees in the browser) and the toasts of part 1 §8. One action at
 * a time: a second tap while one runs (locating, sending, checking) is ignored. A start or stop whose
 * answer got lost on a bad connection is decided from the server's running entry, not repeated.
 * Without any connection the timer runs on the phone (offline/): its stop queues one finished entry
 * with a client-chosen id, sent when the connection returns.
 */
export function useTimerActions(userId: string | null = null) {
  const t = useTimeT();
  const client = useQueryClient();
  const startMutation = useStartTimer();
  const stopMutation = useStopTimer();
  const reloadActive = useReloadActiveEntry();
  const gpsAllowed = useGpsAllowed();
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

  /** Starts on `project` (its title and number name an offline timer). */
  const start = (project: ProjectChoice, description: string | null, errorText = t('timeTracking.toast.startError')) =>
    exclusive('start', async () => {
      const projectId = project.id;
      // The tap is the start, also for a timer that has to run offline.
      const startedAt = new Date();
      let position: Position | null = null;
      // Company setting off: the browser is not even asked (no prompt, no reading).
      if (await gpsAllowed()) {
        setLocating(true);
        position = await getPositionOnce();
        setLocating(false);
      }
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
        const offline = offlineTime();
        // The server's state was checked above (a start that got through is not repeated); the
        // service worker may answer that check from its cache, so the connection decides.
        if (offline && userId && noConnection(error)) {
          clearPauses();
          offline.startTimer({
            id: crypto.randomUUID(),
            userId,
            projectId,
            projectTitle: project.title,
            projectNumber: project.project_number,
            description: description?.trim() || null,
            startTime: startedAt.toISOString(),
            startPosition: position,
          });
          toast.info(t('timeTracking.offline.started'));
          return true;
        }
        toastFailure(error, errorText);
        return false;
      }
    });

  const stop = (entry: TimeEntryDto, breakMinutes: number) =>
    exclusive('stop', async () => {
      const offline = offlineTime();
      const offlineTimer = offline?.getState().timer;
      if (offline && offlineTimer && offlineTimer.id === entry.id) {
        const stoppedAt = new Date();
        // Like online: a second reading only when the start had one (no second prompt).
        const position = offlineTimer.startPosition && (await gpsAllowed()) ? await getPositionOnce() : null;
        await offline.stopTimer(offlineTimer, stoppedAt, breakMinutes, position);
        clearPauses();
        toast.info(t('timeTracking.offline.queued'));
        if (userId && !noConnection(null)) {
          void offline.replay(userId).then(
            (synced) => {
              if (synced > 0) void client.invalidateQueries({ queryKey: timeKeys.all });
            },
            () => undefined,
          );
        }
        return true;
      }
      // Only read the position again when the user allowed it at the start (no second prompt).
      // Switched off by the company since the start: not read again (the server would drop it anyway).
      const position = entry.start_latitude !== null && (await gpsAllowed()) ? await getPositionOnce() : null;
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
