import { describe, expect, it } from '@jest/globals';
import { LANGUAGES, LIMITS } from '@zunft/contracts';
import { REQUEST_TIMEOUT_MS, TOAST_DURATION_MS, TOAST_MAX, UI_LANGUAGES } from './constants';

describe('browser constants mirror the contracts', () => {
  it('match LIMITS and LANGUAGES', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(LIMITS.requestTimeoutMs);
    expect(TOAST_DURATION_MS).toBe(LIMITS.toastDurationMs);
    expect(TOAST_MAX).toBe(LIMITS.toastMax);
    expect([...UI_LANGUAGES]).toEqual([...LANGUAGES]);
  });
});
