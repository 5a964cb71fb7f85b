import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATIONS_LIMITS } from '@zunft/contracts';
import { expensesApi, type ExpenseFilter } from './expenses.api';

export const expensesKeys = {
  all: ['time', 'expenses'] as const,
  /** One entry per filter and page: a page change caches that page, a write refreshes them all. */
  list: (filter: ExpenseFilter) => [...expensesKeys.all, 'list', filter] as const,
  stats: (userId: string | null) => [...expensesKeys.all, 'stats', userId] as const,
};

export const NO_EXPENSE_FILTER: ExpenseFilter = {
  status: null,
  userId: null,
  page: 1,
  pageSize: OPERATIONS_LIMITS.defaultPageSize,
};

/** One page of expenses; the previous page stays visible while the next one loads. */
export function useExpensesQuery(filter: ExpenseFilter) {
  return useQuery({
    queryKey: expensesKeys.list(filter),
    queryFn: ({ signal }) => expensesApi.list(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** The tiles follow the employee filter, not the status filter (they show every status). */
export function useExpenseStatsQuery(userId: string | null) {
  return useQuery({
    queryKey: expensesKeys.stats(userId),
    queryFn: ({ signal }) => expensesApi.stats(userId, signal),
  });
}

// Every change moves money between tiles, so list and stats refresh together.
function useInvalidateExpenses() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: expensesKeys.all });
}

export function useSaveExpense() {
  const invalidate = useInvalidateExpenses();
  return useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: FormData }) =>
      id ? expensesApi.update(id, form) : expensesApi.create(form),
    onSettled: invalidate,
  });
}

export function useDeleteExpense() {
  const invalidate = useInvalidateExpenses();
  return useMutation({ mutationFn: (id: string) => expensesApi.remove(id), onSettled: invalidate });
}

export function useApproveExpense() {
  const invalidate = useInvalidateExpenses();
  return useMutation({ mutationFn: (id: string) => expensesApi.approve(id), onSettled: invalidate });
}

export function useRejectExpense() {
  const invalidate = useInvalidateExpenses();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => expensesApi.reject(id, { reason }),
    onSettled: invalidate,
  });
}
