import { describe, expect, it } from '@jest/globals';
import { elapsedMinutes, inPollWindow } from './running-timer';

describe('top-bar timer indicator (part 1 §9)', () => {
  it('polls in alternating 30-second windows', () => {
    expect(inPollWindow(0)).toBe(true);
    expect(inPollWindow(29_999)).toBe(true);
    expect(inPollWindow(30_000)).toBe(false);
    expect(inPollWindow(59_999)).toBe(false);
    expect(inPollWindow(60_000)).toBe(true);
    expect(inPollWindow(95_000)).toBe(false);
  });

  it('counts whole minutes since the start', () => {
    const start = '2026-03-02T07:00:00.000Z';
    const t0 = Date.parse(start);
    expect(elapsedMinutes(start, t0 + 59_000)).toBe(0);
    expect(elapsedMinutes(start, t0 + (2 * 60 + 5) * 60_000 + 30_000)).toBe(125);
    expect(elapsedMinutes(start, t0 - 60_000)).toBe(0);
    expect(elapsedMinutes('kaputt', t0)).toBe(0);
  });

  it('subtracts the pauses of the time-tracking screen and stands still while paused', () => {
    const start = '2026-03-02T07:00:00.000Z';
    const t0 = Date.parse(start);
    const pausedAt = t0 + 60 * 60_000;
    const paused = { accruedMs: 10 * 60_000, pausedAt };
    expect(elapsedMinutes(start, pausedAt, paused)).toBe(50);
    expect(elapsedMinutes(start, pausedAt + 15 * 60_000, paused)).toBe(50);
    expect(elapsedMinutes(start, t0 + 90 * 60_000, { accruedMs: 20 * 60_000, pausedAt: null })).toBe(70);
  });
});
