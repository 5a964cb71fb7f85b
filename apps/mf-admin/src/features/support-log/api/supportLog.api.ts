import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogResponse } from '@zunft/contracts';
import { api } from '@zunft/web-common';

/** GET /audit-log (admin): the support sessions and their changes, newest first (issue 25). */
export const supportLogApi = {
  page: (before: string | null, signal?: AbortSignal) =>
    api.get<AuditLogResponse>(`/audit-log?limit=50${before ? `&before=${encodeURIComponent(before)}` : ''}`, {
      signal,
    }),
};

export const supportLogKeys = { all: ['company', 'audit-log'] as const };

/** Pages of 50; the next page starts before the last entry shown. */
export function useSupportLogQuery() {
  return useInfiniteQuery({
    queryKey: supportLogKeys.all,
    queryFn: ({ pageParam, signal }) => supportLogApi.page(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? (last.entries.at(-1)?.occurredAt ?? null) : null),
  });
}
