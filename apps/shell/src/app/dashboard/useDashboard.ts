import { useQuery } from '@tanstack/react-query';
import type { DashboardStatsResponse, UserStatsResponse } from '@zunft/contracts';
import { api } from '@zunft/web-common';

export const dashboardKeys = {
  stats: ['shell', 'dashboard', 'stats'] as const,
  userStats: ['shell', 'dashboard', 'user-stats'] as const,
};

/** GET /dashboard/stats (part 1 §7). A failed load is only logged (§7): the cards stay empty. */
export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardKeys.stats,
    queryFn: ({ signal }) => api.get<DashboardStatsResponse>('/dashboard/stats', { signal }),
    retry: 1,
  });
}

/** GET /dashboard/user-stats, used for employees ('Meine Statistiken'). */
export function useUserStats(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.userStats,
    queryFn: ({ signal }) => api.get<UserStatsResponse>('/dashboard/user-stats', { signal }),
    enabled,
    retry: 1,
  });
}

/** Share of active projects in percent, 0 when there are none. */
export function activePercent(total: number, active: number): number {
  return total > 0 ? Math.round((active / total) * 100) : 0;
}
