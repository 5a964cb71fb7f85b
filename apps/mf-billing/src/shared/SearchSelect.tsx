import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useErrorToast } from '@zunft/web-common';
import { useDebounced } from '@zunft/ui-kit';

interface Props<T extends { id: string }> {
  /** Set by Form.Item. */
  id?: string;
  value?: string | null;
  onChange?: (id: string | null, item: T | null) => void;
  /** The query key prefix of this list (the search term is added). */
  queryKey: readonly unknown[];
  /** The first matches of the term (the server searches; '' answers the first page). */
  search: (term: string, signal: AbortSignal) => Promise<T[]>;
  /** Reads the current value once when it is neither among the matches nor `known`. */
  byId?: (id: string, signal: AbortSignal) => Promise<T>;
  label: (item: T) => string;
  /** Items known from elsewhere (the edited record's customer, …): their labels stay without a search. */
  known?: readonly (T | null | undefined)[];
  /** False while the dialog is closed: nothing is loaded. */
  enabled?: boolean;
  /** A failed search shows this toast. */
  errorToast?: string;
  placeholder?: string;
  notFoundContent?: ReactNode;
  'aria-label'?: string;
  allowClear?: boolean;
  size?: 'large' | 'middle' | 'small';
  style?: CSSProperties;
}

/**
 * A select that never loads the whole list (issue 13): the server searches what is typed
 * (debounced) and the select offers the first 20 matches. The current value keeps its label when
 * a search does not find it (picked here, passed in `known`, else read by id).
 */
export function SearchSelect<T extends { id: string }>({
  id,
  value = null,
  onChange,
  queryKey,
  search,
  byId,
  label,
  known = [],
  enabled = true,
  errorToast,
  placeholder,
  notFoundContent,
  'aria-label': ariaLabel,
  allowClear,
  size,
  style,
}: Props<T>) {
  const [term, setTerm] = useState('');
  const settled = useDebounced(term.trim(), 300);
  const [picked, setPicked] = useState<T | null>(null);
  const matches = useQuery({
    queryKey: [...queryKey, 'search', settled],
    queryFn: ({ signal }) => search(settled, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  // Only with a text: a select without one stays quiet (part 2 §8: the quote form only logs).
  useErrorToast(
    { error: matches.error, errorUpdatedAt: matches.errorUpdatedAt, isError: matches.isError && !!errorToast },
    errorToast ?? '',
  );
  const { isError, error } = matches;
  useEffect(() => {
    if (isError) console.error('[billing] Auswahl konnte nicht geladen werden', error);
  }, [isError, error]);
  const items = matches.data ?? [];
  const others = [picked, ...known].filter((p): p is T => !!p);
  const inMatches = !!value && items.some((p) => p.id === value);
  const current = value && !inMatches ? (others.find((p) => p.id === value) ?? null) : null;
  const read = useQuery({
    queryKey: [...queryKey, 'by-id', value],
    queryFn: ({ signal }) => byId!(value!, signal),
    enabled: enabled && !!byId && !!value && !inMatches && !current,
    staleTime: 60_000,
  });
  const options = items.map((p) => ({ value: p.id, label: label(p) }));
  if (value && !inMatches) {
    const shown = current ?? (read.data?.id === value ? read.data : null);
    options.push({ value, label: shown ? label(shown) : '…' });
  }

  const choose = (next: string | null | undefined) => {
    setTerm('');
    const item = (next && (items.find((p) => p.id === next) ?? others.find((p) => p.id === next))) || null;
    setPicked(item);
    onChange?.(next ?? null, item);
  };

  return (
    <Select<string | null>
      id={id}
      value={value}
      onChange={choose}
      showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
      loading={matches.isFetching}
      placeholder={placeholder}
      notFoundContent={notFoundContent}
      aria-label={ariaLabel}
      allowClear={allowClear}
      size={size}
      style={style}
      options={options}
    />
  );
}
