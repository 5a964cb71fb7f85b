/** The filters every server-paged billing list takes (GET /quotes, /reports, /invoices). */
export interface PagedListQuery {
  status?: string;
  /** Invoices only. */
  customerId?: string;
  search?: string;
  page: number;
  pageSize: number;
}

/** '?status=sent&page=2&pageSize=20' of a list call; empty filters are left out. */
export function listQueryString(query: PagedListQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.customerId) params.set('customerId', query.customerId);
  const search = query.search?.trim();
  if (search) params.set('search', search);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return `?${params.toString()}`;
}
