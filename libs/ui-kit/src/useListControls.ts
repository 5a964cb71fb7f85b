import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useIsMobile } from './useIsMobile';
import type { ViewMode } from './ViewToggle';

/** The value after it stopped changing for `ms` (a search field does not call the server per key). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const deferred = useDeferredValue(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(deferred), ms);
    return () => clearTimeout(timer);
  }, [deferred, ms]);
  return settled;
}

export interface ListControls {
  /** What the search box shows. */
  search: string;
  setSearch: (value: string) => void;
  /** The search after it settled (300 ms), trimmed: what the list query asks for. */
  term: string;
  /** The page number (1-based); back to 1 whenever the term or `filters` change. */
  page: number;
  setPage: (page: number) => void;
  /** Cards or table: the user's choice, else cards on phones (< 768 px) and the table above. */
  mode: ViewMode;
  setMode: (mode: ViewMode) => void;
  isMobile: boolean;
}

/**
 * The state every list screen keeps: search (debounced), page (reset by a new search or filter),
 * and the table/cards view. `filters`: the screen's other filter values (compared by value).
 */
export function useListControls(filters: unknown = null, debounceMs = 300): ListControls {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const term = useDebounced(search, debounceMs).trim();
  const [view, setView] = useState<ViewMode | null>(null);
  // A page belongs to the search and filters it was picked under: a new search or filter starts on
  // page 1 in the same render (no request for the old page number with the new term).
  const filterKey = JSON.stringify([filters, term]);
  const [picked, setPicked] = useState({ filterKey, page: 1 });
  const page = picked.filterKey === filterKey ? picked.page : 1;
  const setPage = useCallback((next: number) => setPicked({ filterKey, page: next }), [filterKey]);
  return {
    search,
    setSearch,
    term,
    page,
    setPage,
    mode: view ?? (isMobile ? 'cards' : 'list'),
    setMode: setView,
    isMobile,
  };
}
