import { beforeEach, describe, expect, it } from '@jest/globals';
import {
  NO_PAUSE,
  breakMinutesOf,
  clearPauses,
  endPause,
  formatElapsed,
  loadPause,
  pausedMs,
  savePause,
  startPause,
  workedMs,
} from './timer';

const MIN = 60_000;

describe('timer display (HH:MM:SS)', () => {
  it('pads hours, minutes and seconds', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(59_999)).toBe('00:00:59');
    expect(formatElapsed(61_000)).toBe('00:01:01');
    expect(formatElapsed(3_723_000)).toBe('01:02:03');
  });

  it('keeps counting past a day and never shows negative time', () => {
    expect(formatElapsed(100 * 3600_000 + 5000)).toBe('100:00:05');
    expect(formatElapsed(-5000)).toBe('00:00:00');
  });
});

describe('pause accrual', () => {
  const t0 = Date.UTC(2026, 2, 2, 7, 0, 0);

  it('accrues each pause and rounds to whole break minutes', () => {
    let state = startPause(NO_PAUSE, t0);
    expect(pausedMs(state, t0 + 10 * MIN)).toBe(10 * MIN);
    state = endPause(state, t0 + 10 * MIN);
    state = startPause(state, t0 + 60 * MIN);
    state = endPause(state, t0 + 65 * MIN + 40_000);
    expect(state).toEqual({ accruedMs: 15 * MIN + 40_000, pausedAt: null });
    expect(breakMinutesOf(state, t0 + 120 * MIN)).toBe(16);
  });

  it('counts a pause that is still running when the timer is stopped', () => {
    const state = startPause(endPause(startPause(NO_PAUSE, t0), t0 + 5 * MIN), t0 + 30 * MIN);
    expect(breakMinutesOf(state, t0 + 42 * MIN)).toBe(17);
  });

  it('ignores a second pause press and a resume without pause', () => {
    const paused = startPause(NO_PAUSE, t0);
    expect(startPause(paused, t0 + MIN)).toBe(paused);
    expect(endPause(NO_PAUSE, t0)).toBe(NO_PAUSE);
  });

  it('worked time excludes pauses and stands still while paused', () => {
    const start = new Date(t0).toISOString();
    const paused = startPause(NO_PAUSE, t0 + 30 * MIN);
    expect(workedMs(start, paused, t0 + 30 * MIN)).toBe(30 * MIN);
    expect(workedMs(start, paused, t0 + 45 * MIN)).toBe(30 * MIN);
    const resumed = endPause(paused, t0 + 45 * MIN);
    expect(workedMs(start, resumed, t0 + 50 * MIN)).toBe(35 * MIN);
  });
});

describe('pause storage', () => {
  beforeEach(() => localStorage.clear());

  it('survives a reload and is cleared on stop', () => {
    savePause('e1', { accruedMs: 5 * MIN, pausedAt: null });
    expect(loadPause('e1')).toEqual({ accruedMs: 5 * MIN, pausedAt: null });
    expect(loadPause('e2')).toEqual(NO_PAUSE);
    localStorage.setItem('other', 'x');
    clearPauses();
    expect(loadPause('e1')).toEqual(NO_PAUSE);
    expect(localStorage.getItem('other')).toBe('x');
  });

  it('treats broken stored values as no pause', () => {
    localStorage.setItem('zunft.time.pause.e1', '{not json');
    expect(loadPause('e1')).toEqual(NO_PAUSE);
    localStorage.setItem('zunft.time.pause.e1', JSON.stringify({ accruedMs: 'x' }));
    expect(loadPause('e1')).toEqual(NO_PAUSE);
  });
});
