import { useEffect, useRef } from 'react';
import { toastFailure } from '@zunft/web-common';

/** The part of a react-query result this hook reads. */
export interface LoadState {
  error: unknown;
  errorUpdatedAt: number;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * One toast per failed load of a screen that loads several queries together (the expenses list and
 * its tiles fail together when the server is down): it waits until none of them is fetching, then
 * shows one toast if any of them failed since the last toast. A later failure (retry, refresh after
 * a change) shows one again; a re-render does not.
 */
export function useLoadFailureToast(queries: readonly LoadState[], fallback: string): void {
  const shownUpTo = useRef(0);
  const settled = queries.every((q) => q.fetchStatus !== 'fetching');
  // errorUpdatedAt changes once per failure; this key changes when any query fails (again).
  const failures = queries.map((q) => (q.isError ? q.errorUpdatedAt : 0)).join(',');
  useEffect(() => {
    if (!settled) return;
    const fresh = queries.filter((q) => q.isError && q.errorUpdatedAt > shownUpTo.current);
    if (fresh.length === 0) return;
    shownUpTo.current = Math.max(...fresh.map((q) => q.errorUpdatedAt));
    toastFailure(fresh[0]!.error, fallback);
    // Runs per settled failure only; queries and the message text are read from that render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, failures]);
}
