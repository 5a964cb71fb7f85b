import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerRequest } from '@zunft/contracts';
import { useDebounced } from '@zunft/ui-kit';
import { customersApi, type CustomerPageFilter } from './customers.api';

export const customersKeys = {
  all: ['time', 'customers'] as const,
  /** One page per filter (search, page, page size): each page is cached on its own. */
  page: (filter: CustomerPageFilter) => [...customersKeys.all, 'page', filter] as const,
  /** The stat cards (under `all`: customer writes refresh them with the list). */
  stats: () => [...customersKeys.all, 'stats'] as const,
};

/** How many customers a select offers per search (the server searches, the select shows these). */
export const CUSTOMER_SELECT_PAGE_SIZE = 20;

/** One page of the company's customers; the previous page stays visible while the next one loads. */
export function useCustomersPageQuery(filter: CustomerPageFilter, enabled = true) {
  return useQuery({
    queryKey: customersKeys.page(filter),
    queryFn: ({ signal }) => customersApi.page(filter, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The four stat cards' figures of the customers screen, counted by the server over all customers. */
export function useCustomerStats() {
  return useQuery({
    queryKey: customersKeys.stats(),
    queryFn: ({ signal }) => customersApi.stats(signal),
  });
}

/** The list kit's debounce (search boxes ask the server once per pause); kept here for the selects' imports. */
export { useDebounced };

/** Customers for a select: the first matches of a server search (never the whole list). */
export function useCustomerSearch(search: string, enabled = true) {
  const debounced = useDebounced(search);
  return useCustomersPageQuery({ search: debounced, page: 1, pageSize: CUSTOMER_SELECT_PAGE_SIZE }, enabled);
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

export function useArchiveCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) => customersApi.setArchived(id, archived),
    onSettled: invalidate,
  });
}

export function useDeleteCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: (id: string) => customersApi.remove(id), onSettled: invalidate });
}
