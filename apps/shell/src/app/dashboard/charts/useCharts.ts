import { useQuery } from '@tanstack/react-query';
import type { HoursPerWeekResponse, InvoiceChartsResponse } from '@zunft/contracts';
import { api } from '@zunft/web-common';

export const chartKeys = {
  invoices: ['shell', 'dashboard', 'charts', 'invoices'] as const,
  hours: ['shell', 'dashboard', 'charts', 'hours'] as const,
};

/** GET /invoices/charts (billing; admin and backoffice). */
export function useInvoiceCharts(enabled: boolean) {
  return useQuery({
    queryKey: chartKeys.invoices,
    queryFn: ({ signal }) => api.get<InvoiceChartsResponse>('/invoices/charts', { signal }),
    enabled,
    retry: 1,
  });
}

/** GET /dashboard/hours-per-week (operations; the office everyone's, an employee their own). */
export function useHoursPerWeek() {
  return useQuery({
    queryKey: chartKeys.hours,
    queryFn: ({ signal }) => api.get<HoursPerWeekResponse>('/dashboard/hours-per-week?weeks=8', { signal }),
    retry: 1,
  });
}

const PALETTE = ['#1f5fae', '#389e0d', '#d48806', '#722ed1', '#c41d7f', '#08979c'];
const OTHERS = '#8a96a6';

/**
 * The hours chart's series: the five projects with the most hours, the rest as one «others» series
 * (a legend of twenty colours helps no one on a phone).
 */
export function hoursSeries(data: HoursPerWeekResponse, othersName: string) {
  const sum = (h: number[]) => h.reduce((a, b) => a + b, 0);
  const ranked = [...data.projects].sort((a, b) => sum(b.hours) - sum(a.hours));
  const top = ranked.slice(0, 5).map((p, i) => ({ name: p.title, values: p.hours, color: PALETTE[i]! }));
  const rest = ranked.slice(5);
  if (rest.length === 0) return top;
  const values = data.weeks.map((_, i) => Math.round(rest.reduce((s, p) => s + (p.hours[i] ?? 0), 0) * 10) / 10);
  return [...top, { name: othersName, values, color: OTHERS }];
}
