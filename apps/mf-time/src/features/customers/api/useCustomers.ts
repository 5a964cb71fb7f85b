import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerRequest } from '@zunft/contracts';
import { customersApi } from './customers.api';

export const customersKeys = {
  all: ['time', 'customers'] as const,
  list: () => [...customersKeys.all, 'list'] as const,
};

/** All customers of the company; search filters them on the client (instant, also on slow networks). */
export function useCustomersQuery(enabled = true) {
  return useQuery({ queryKey: customersKeys.list(), queryFn: ({ signal }) => customersApi.list(signal), enabled });
}

function useInvalidateCustomers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: customersKeys.all });
}

export function useSaveCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CustomerRequest }) =>
      id ? customersApi.update(id, body) : customersApi.create(body),
    onSettled: invalidate,
  });
}

export function useDeleteCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: (id: string) => customersApi.remove(id), onSettled: invalidate });
}
