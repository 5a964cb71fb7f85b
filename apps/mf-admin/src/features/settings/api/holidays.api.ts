import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateHolidayRequest, HolidayDto, HolidayListResponse } from '@zunft/contracts';
import { api } from '@zunft/web-common';

/** The company canton's public holidays and its own days (issue 24). */
export const holidaysApi = {
  list: (year: number, signal?: AbortSignal) => api.get<HolidayListResponse>(`/holidays?year=${year}`, { signal }),
  create: (body: CreateHolidayRequest) => api.post<HolidayDto>('/holidays', body),
  remove: (id: string) => api.delete<unknown>(`/holidays/${encodeURIComponent(id)}`),
};

export const holidayKeys = {
  all: ['company', 'holidays'] as const,
  year: (year: number) => [...holidayKeys.all, year] as const,
};

export function useHolidaysQuery(year: number) {
  return useQuery({ queryKey: holidayKeys.year(year), queryFn: ({ signal }) => holidaysApi.list(year, signal) });
}

export function useCreateHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateHolidayRequest) => holidaysApi.create(body),
    onSettled: () => client.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}

export function useDeleteHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => holidaysApi.remove(id),
    onSettled: () => client.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}
