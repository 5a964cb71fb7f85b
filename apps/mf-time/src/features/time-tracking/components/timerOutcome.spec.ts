import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@zunft/web-common';
import { aRunningEntry, otherProject } from './testData';
import { outcomeUnknown, startDone, stopDone } from './timerOutcome';

const conflict = (code: string) => new ApiError(409, 'Konflikt', { error: 'Konflikt', code });

describe('start/stop with an unknown outcome', () => {
  it('checks the server after a lost answer or the conflict of a repeated request', () => {
    for (const action of ['start', 'stop'] as const) {
      expect(outcomeUnknown(new ApiError(408, 'Zeitüberschreitung', null, 'timeout'), action)).toBe(true);
      expect(outcomeUnknown(new ApiError(0, 'Keine Verbindung', null, 'network'), action)).toBe(true);
      expect(outcomeUnknown(new ApiError(504, 'Zeitüberschreitung'), action)).toBe(true);
      expect(outcomeUnknown(new ApiError(500, 'Serverfehler'), action)).toBe(false);
      expect(outcomeUnknown(new ApiError(400, 'Ungültig'), action)).toBe(false);
      expect(outcomeUnknown(new Error('kaputt'), action)).toBe(false);
    }
    expect(outcomeUnknown(conflict('timer_already_running'), 'start')).toBe(true);
    expect(outcomeUnknown(conflict('timer_not_running'), 'start')).toBe(false);
    expect(outcomeUnknown(conflict('timer_not_running'), 'stop')).toBe(true);
    expect(outcomeUnknown(conflict('timer_already_running'), 'stop')).toBe(false);
  });

  it('a start is done when a timer runs for the requested project', () => {
    const running = aRunningEntry();
    expect(startDone(running, running.project_id)).toBe(true);
    expect(startDone(running, otherProject.id)).toBe(false);
    expect(startDone(null, running.project_id)).toBe(false);
  });

  it('a stop is done when the stopped entry no longer runs', () => {
    const running = aRunningEntry();
    expect(stopDone(null, running.id)).toBe(true);
    expect(stopDone(running, running.id)).toBe(false);
    expect(stopDone(aRunningEntry({ id: 'e0000001-0000-4000-8000-000000000099' }), running.id)).toBe(true);
  });
});
