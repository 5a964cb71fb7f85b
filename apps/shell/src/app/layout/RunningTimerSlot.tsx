/**
 * SLOT: running-timer indicator of the top bar (part 1 §2: elapsed time as h:mm, re-fetch rules in §9).
 * It arrives with the time-tracking issue (mf-time); until then there is no timer to show, so the
 * slot renders nothing.
 */
export function RunningTimerSlot() {
  return null;
}
