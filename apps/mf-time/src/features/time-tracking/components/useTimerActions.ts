import { useState } from 'react';
import type { TimeEntryDto } from '@zunft/contracts';
import { toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useStartTimer, useStopTimer } from '../api/useTimeEntries';
import { getPositionOnce } from './geolocation';
import { clearPauses } from './timer';

/** Start and stop with the location read once (optional) and the toasts of part 1 §8. */
export function useTimerActions() {
  const t = useTimeT();
  const startMutation = useStartTimer();
  const stopMutation = useStopTimer();
  const [locating, setLocating] = useState(false);

  const start = async (
    projectId: string,
    description: string | null,
    errorText = t('timeTracking.toast.startError'),
  ) => {
    setLocating(true);
    const position = await getPositionOnce();
    setLocating(false);
    try {
      clearPauses();
      await startMutation.mutateAsync({ projectId, description: description?.trim() || null, ...(position ?? {}) });
      toast.success(t('timeTracking.toast.started'));
      return true;
    } catch (error) {
      toastFailure(error, errorText);
      return false;
    }
  };

  const stop = async (entry: TimeEntryDto, breakMinutes: number) => {
    // Only read the position again when the user allowed it at the start (no second prompt).
    const position = entry.start_latitude !== null ? await getPositionOnce() : null;
    try {
      await stopMutation.mutateAsync({ timeEntryId: entry.id, breakMinutes, ...(position ?? {}) });
      clearPauses();
      toast.success(t('timeTracking.toast.stopped'));
      return true;
    } catch (error) {
      toastFailure(error, t('timeTracking.toast.stopError'));
      return false;
    }
  };

  return {
    start,
    stop,
    locating,
    starting: locating || startMutation.isPending,
    stopping: stopMutation.isPending,
  };
}
