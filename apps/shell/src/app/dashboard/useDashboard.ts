import { useQuery } from '@tanstack/react-query';
import type { DashboardStatsResponse, UserStatsResponse } from '@zunft/contracts';
import { api, useT } from '@zunft/web-common';

export const dashboardKeys = {
  stats: ['shell', 'dashboard', 'stats'] as const,
  userStats: ['shell', 'dashboard', 'user-stats'] as const,
};

/**
 * GET /dashboard/stats (part 1 §7). A failed load is only logged (§7): the cards stay empty. The
 * server tells the activity feed in the user's language (issue 28): the language is part of the key,
 * so switching it loads the feed again.
 */
export function useDashboardStats() {
  const { i18n } = useT();
  return useQuery({
    queryKey: [...dashboardKeys.stats, i18n.language],
    queryFn: ({ signal }) => api.get<DashboardStatsResponse>('/dashboard/stats', { signal }),
    retry: 1,
  });
}

/** GET /dashboard/user-stats, used for employees ('Meine Statistiken'). */
export function useUserStats(enabled: boolean) {
  const { i18n } = useT();
  return useQuery({
    queryKey: [...dashboardKeys.userStats, i18n.language],
    queryFn: ({ signal }) => api.get<UserStatsResponse>('/dashboard/user-stats', { signal }),
    enabled,
    retry: 1,
  });
}

/** Share of active projects in percent, 0 when there are none. */
export function activePercent(total: number, active: number): number {
  return total > 0 ? Math.round((active / total) * 100) : 0;
}
