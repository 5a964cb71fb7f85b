import { useEffect } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateQuoteTemplateRequest, QuoteDto, QuoteRequest } from '@zunft/contracts';
import { quotesApi, type QuoteListFilter } from './quotes.api';

export const quotesKeys = {
  all: ['billing', 'quotes'] as const,
  list: (query: QuoteListFilter) => [...quotesKeys.all, 'list', query] as const,
  stats: () => [...quotesKeys.all, 'stats'] as const,
  detail: (id: string) => [...quotesKeys.all, 'detail', id] as const,
  signature: (id: string) => [...quotesKeys.all, 'signature', id] as const,
  templates: (search: string) => [...quotesKeys.all, 'templates', search] as const,
  /** The customer select's searches (SearchSelect adds the term). */
  customers: () => ['billing', 'customers', 'select'] as const,
  /** The material picker's server searches, per (trimmed) term. */
  materials: (search: string) => ['billing', 'materials', 'search', search] as const,
  settings: () => ['billing', 'company-settings'] as const,
};

/** One page of the filtered list; the previous page stays visible while the next one loads. */
export function useQuotesQuery(query: QuoteListFilter) {
  return useQuery({
    queryKey: quotesKeys.list(query),
    queryFn: ({ signal }) => quotesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The stat cards over all quotes, not one page: counted by the server (GET /quotes/stats). */
export function useQuoteStatsQuery() {
  return useQuery({
    queryKey: quotesKeys.stats(),
    queryFn: ({ signal }) => quotesApi.stats(signal),
  });
}

/** One quote, fresh from the server (the list row is shown meanwhile). */
export function useQuoteQuery(quote: QuoteDto | null) {
  const id = quote?.id ?? '';
  return useQuery({
    queryKey: quotesKeys.detail(id),
    queryFn: ({ signal }) => quotesApi.get(id, signal),
    enabled: Boolean(quote),
    placeholderData: quote ?? undefined,
    staleTime: 0,
  });
}

/** The customer's signature PNG of an accepted quote. */
export function useSignatureQuery(id: string, enabled: boolean) {
  return useQuery({
    queryKey: quotesKeys.signature(id),
    queryFn: ({ signal }) => quotesApi.signature(id, signal),
    enabled,
    staleTime: Infinity,
  });
}

export function useTemplatesQuery(search: string, enabled: boolean) {
  return useQuery({
    queryKey: quotesKeys.templates(search.trim()),
    queryFn: ({ signal }) => quotesApi.templates(search, signal),
    enabled,
  });
}

/** Part 2 §8: failures loading customers, materials or settings are only logged. */
function useLogFailure(query: { isError: boolean; error: unknown }, what: string) {
  const { isError, error } = query;
  useEffect(() => {
    if (isError) console.error(`[billing] ${what} konnten nicht geladen werden`, error);
  }, [isError, error, what]);
}

/**
 * The material picker's matches for `search` (already debounced): the first 20 from the server,
 * more page by page (`fetchNextPage`). The previous term's matches stay while the next ones load.
 */
export function useMaterialSearchQuery(search: string, enabled: boolean) {
  const term = search.trim();
  const query = useInfiniteQuery({
    queryKey: quotesKeys.materials(term),
    queryFn: ({ pageParam, signal }) => quotesApi.materials(term, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  useLogFailure(query, 'Materialien');
  return query;
}

export function useCompanySettingsQuery(enabled = true) {
  const query = useQuery({
    queryKey: quotesKeys.settings(),
    queryFn: ({ signal }) => quotesApi.settings(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
  useLogFailure(query, 'Einstellungen');
  return query;
}

function useInvalidateQuotes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: quotesKeys.all });
}

export function useSaveQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: QuoteRequest }) =>
      id ? quotesApi.update(id, body) : quotesApi.create(body),
    onSettled: invalidate,
  });
}

export function useDeleteQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({ mutationFn: (id: string) => quotesApi.remove(id), onSettled: invalidate });
}

/** Sending refreshes the list (part 2 §4). */
export function useSendQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({ mutationFn: (id: string) => quotesApi.send(id), onSettled: invalidate });
}

export function useCreateProject() {
  const invalidate = useInvalidateQuotes();
  return useMutation({ mutationFn: (id: string) => quotesApi.createProject(id), onSettled: invalidate });
}

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuoteTemplateRequest) => quotesApi.createTemplate(body),
    onSettled: () => client.invalidateQueries({ queryKey: [...quotesKeys.all, 'templates'] }),
  });
}
