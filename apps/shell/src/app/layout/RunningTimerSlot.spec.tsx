import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ActiveTimeEntryResponse, TimeEntryDto } from '@zunft/contracts';
import '../../i18n/shell-i18n';
import { MemoryRouter } from 'react-router';
import { RunningTimerSlot } from './RunningTimerSlot';
import { ACTIVE_ENTRY_QUERY_KEY } from './running-timer';

const entry = {
  id: 'e0000001-0000-4000-8000-000000000001',
  project_title: 'Badsanierung Meier',
  start_time: new Date(Date.now() - 90 * 60_000).toISOString(),
  end_time: null,
} as TimeEntryDto;

/** How GET /time-entries/active answers: the entry, no connection, or the entry after `ms`. */
let answer: { kind: 'entry' } | { kind: 'network' } | { kind: 'slow'; ms: number };
let calls = 0;
const original = globalThis.fetch;

function answerWith(body: ActiveTimeEntryResponse) {
  return {
    ok: true,
    status: 200,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => JSON.stringify(body),
  };
}

beforeEach(() => {
  answer = { kind: 'entry' };
  calls = 0;
  localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  globalThis.fetch = ((_url: string, init: { signal?: AbortSignal } = {}) => {
    calls += 1;
    if (answer.kind === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer.kind === 'entry') return Promise.resolve(answerWith(entry));
    const { ms } = answer;
    // A slow connection: the answer comes after `ms`, unless the caller gives up first.
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(answerWith(entry)), ms);
      init.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('Abgebrochen', 'AbortError'));
      });
    });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
  jest.restoreAllMocks();
  globalThis.fetch = original;
});

function renderSlot() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RunningTimerSlot />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const indicator = () => screen.queryByRole('link', { name: /Timer läuft für Badsanierung Meier/ });

/** One background check; waits until the slot has rendered its result (TanStack notifies on a later task). */
const recheck = (client: QueryClient) =>
  act(async () => {
    await client.refetchQueries({ queryKey: ACTIVE_ENTRY_QUERY_KEY });
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

describe('RunningTimerSlot on a bad connection (part 1 §4, §9)', () => {
  it('a failed first load shows no timer', async () => {
    answer = { kind: 'network' };
    const client = renderSlot();
    await recheck(client);
    expect(calls).toBeGreaterThan(0);
    expect(indicator()).toBeNull();
  });

  it('a failed check after a successful one keeps the running timer', async () => {
    const client = renderSlot();
    expect(await screen.findByRole('link', { name: /Timer läuft für Badsanierung Meier/ })).toBeTruthy();
    answer = { kind: 'network' };
    const before = calls;
    await recheck(client);
    expect(calls).toBeGreaterThan(before);
    expect(indicator()).not.toBeNull();
    expect(client.getQueryData(ACTIVE_ENTRY_QUERY_KEY)).toEqual(entry);
  });

  it('waits for an answer slower than the 1 s polling instead of cancelling it on every tick', async () => {
    jest.useFakeTimers();
    // No timer known (the first load failed); the timer started elsewhere is reported by slow answers.
    answer = { kind: 'network' };
    renderSlot();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(calls).toBe(1);
    answer = { kind: 'slow', ms: 2500 };
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4000);
    });
    // The check sent at 1 s is answered at 3.5 s; the ticks at 2 s and 3 s waited for it.
    expect(indicator()).not.toBeNull();
    expect(calls).toBeLessThanOrEqual(3);
  });
});
