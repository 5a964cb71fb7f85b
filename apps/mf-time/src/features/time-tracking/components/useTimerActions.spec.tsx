import { afterEach, describe, expect, it } from '@jest/globals';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { testQueryClient } from '../../../test/render';
import { aRunningEntry, mockFetch, type Answer } from './testData';
import { useTimerActions } from './useTimerActions';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('useTimerActions', () => {
  it('ignores a second stop or a start while a stop is still on its way', async () => {
    let answerStop: ((answer: Answer) => void) | null = null;
    const mock = mockFetch((method, url) => {
      if (method === 'POST' && url === '/api/time-entries/stop')
        return new Promise<Answer>((resolve) => (answerStop = resolve));
      if (method === 'GET') return { status: 200, body: url === '/api/time-entries/active' ? null : [] };
      return undefined;
    });
    restore = mock.restore;
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useTimerActions(), { wrapper });
    const entry = aRunningEntry();

    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(true);
    let third: Promise<boolean> = Promise.resolve(true);
    act(() => {
      // Both taps in the same moment, before React has rendered the loading state.
      first = result.current.stop(entry, 0);
      second = result.current.stop(entry, 0);
    });
    expect(result.current.stopping).toBe(true);
    act(() => {
      third = result.current.start(
        { id: entry.project_id, title: entry.project_title, project_number: entry.project_number },
        null,
      );
    });
    expect(await second).toBe(false);
    expect(await third).toBe(false);
    // The stop request goes out once (no position to read: the timer started without one).
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(answerStop).not.toBeNull();
    await act(async () => {
      answerStop?.({ status: 200, body: { ...entry, end_time: new Date().toISOString(), status: 'completed' } });
      expect(await first).toBe(true);
    });
    expect(mock.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(result.current.stopping).toBe(false);
  });
});
