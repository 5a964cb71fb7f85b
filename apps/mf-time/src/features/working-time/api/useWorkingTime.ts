import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAbsenceRequest } from '@zunft/contracts';
import { timeKeys } from '../../time-tracking/api/useTimeEntries';
import { workingTimeApi, type AbsenceFilter } from './workingTime.api';

export const workingTimeKeys = {
  all: ['time', 'working-time'] as const,
  accounts: (month: string) => [...workingTimeKeys.all, 'accounts', month] as const,
  absences: (filter: AbsenceFilter) => [...workingTimeKeys.all, 'absences', filter] as const,
};

export function useTimeAccountsQuery(month: string) {
  return useQuery({
    queryKey: workingTimeKeys.accounts(month),
    queryFn: ({ signal }) => workingTimeApi.accounts(month, signal),
  });
}

export function useAbsencesQuery(filter: AbsenceFilter, enabled = true) {
  return useQuery({
    queryKey: workingTimeKeys.absences(filter),
    queryFn: ({ signal }) => workingTimeApi.absences(filter, signal),
    enabled,
  });
}

/** Accounts, absences and (a closed month locks them) the time entries are read again after a change. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: workingTimeKeys.all }),
      client.invalidateQueries({ queryKey: timeKeys.all }),
    ]);
}

export function useCreateAbsence() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateAbsenceRequest) => workingTimeApi.createAbsence(body),
    onSettled: invalidate,
  });
}

export function useApproveAbsence() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => workingTimeApi.approve(id), onSettled: invalidate });
}

export function useRejectAbsence() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => workingTimeApi.reject(id, { reason }),
    onSettled: invalidate,
  });
}

export function useDeleteAbsence() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => workingTimeApi.removeAbsence(id), onSettled: invalidate });
}

export function useCloseMonth() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ userId, month }: { userId: string; month: string }) => workingTimeApi.close(userId, month),
    onSettled: invalidate,
  });
}

export function useReopenMonth() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ userId, month, reason }: { userId: string; month: string; reason: string }) =>
      workingTimeApi.reopen(userId, month, { reason }),
    onSettled: invalidate,
  });
}
