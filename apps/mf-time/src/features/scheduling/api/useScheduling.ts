import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CopyScheduleWeekRequest, CreateScheduleAssignmentRequest } from '@zunft/contracts';
import { projectsKeys } from '../../projects/api/useProjects';
import { schedulingApi } from './scheduling.api';

export const schedulingKeys = {
  all: ['time', 'schedule'] as const,
  /** null = the current week as the server sees it */
  week: (weekStart: string | null) => [...schedulingKeys.all, 'week', weekStart] as const,
};

export function useScheduleWeekQuery(weekStart: string | null) {
  return useQuery({
    queryKey: schedulingKeys.week(weekStart),
    queryFn: ({ signal }) => schedulingApi.week(weekStart, signal),
    // Keep the board on screen while the next week loads (no flicker when paging).
    placeholderData: keepPreviousData,
  });
}

// Planning someone also makes them a project member, so the projects list changes too.
function useInvalidateSchedule() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: schedulingKeys.all }),
      client.invalidateQueries({ queryKey: projectsKeys.all }),
    ]);
}

export function useSaveAssignment() {
  const invalidate = useInvalidateSchedule();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CreateScheduleAssignmentRequest }) =>
      id ? schedulingApi.update(id, body) : schedulingApi.create(body),
    onSettled: invalidate,
  });
}

export function useDeleteAssignment() {
  const invalidate = useInvalidateSchedule();
  return useMutation({ mutationFn: (id: string) => schedulingApi.remove(id), onSettled: invalidate });
}

export function useCopyWeek() {
  const invalidate = useInvalidateSchedule();
  return useMutation({
    mutationFn: (body: CopyScheduleWeekRequest) => schedulingApi.copyWeek(body),
    onSettled: invalidate,
  });
}
