import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INVOICE_DEFAULTS,
  type ApplyCreditRequest,
  type CreateCreditNoteRequest,
  type CreateInvoiceRequest,
  type CreatePaymentRequest,
  type InvoiceDto,
  type InvoiceStatus,
  type InvoicePaymentMethod,
  type RefundRequest,
  type SendReminderRequest,
} from '@zunft/contracts';
import { invoicesApi, type InvoiceListFilter } from './invoices.api';

export const invoicesKeys = {
  all: ['billing', 'invoices'] as const,
  list: (query: InvoiceListFilter) => [...invoicesKeys.all, 'list', query] as const,
  stats: () => [...invoicesKeys.all, 'stats'] as const,
  detail: (id: string) => [...invoicesKeys.all, 'detail', id] as const,
  reminders: (id: string) => [...invoicesKeys.all, 'reminders', id] as const,
  payments: (id: string) => [...invoicesKeys.all, 'payments', id] as const,
  ledger: (id: string) => [...invoicesKeys.all, 'ledger', id] as const,
  creditNotes: (id: string) => [...invoicesKeys.all, 'credit-notes', id] as const,
  unmatched: () => [...invoicesKeys.all, 'unmatched'] as const,
  creditBalances: () => [...invoicesKeys.all, 'credit-balances'] as const,
  numberLog: (year: number) => [...invoicesKeys.all, 'number-log', year] as const,
  openOfCustomer: (customerId: string) => [...invoicesKeys.all, 'open-of-customer', customerId] as const,
  openForAssign: () => [...invoicesKeys.all, 'open-for-assign'] as const,
  /** The dialog's select searches (SearchSelect adds the term); under the quotes' key, so quote changes reload them. */
  customerSearch: () => ['billing', 'customers', 'select'] as const,
  /** The list's customer filter: archived customers too (their invoices stay in the list, issue 26). */
  customerFilter: () => ['billing', 'customers', 'filter'] as const,
  acceptedQuotes: () => ['billing', 'quotes', 'accepted-select'] as const,
};

/** One page of the filtered list; the previous page stays visible while the next one loads. */
export function useInvoicesQuery(query: InvoiceListFilter) {
  return useQuery({
    queryKey: invoicesKeys.list(query),
    queryFn: ({ signal }) => invoicesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceStatsQuery() {
  return useQuery({ queryKey: invoicesKeys.stats(), queryFn: ({ signal }) => invoicesApi.stats(signal) });
}

/** GET /invoices/{id} with items, payments and qr_reference (the list row is not enough for the detail). */
export function useInvoiceQuery(invoice: Pick<InvoiceDto, 'id'> | null) {
  const id = invoice?.id ?? '';
  return useQuery({
    queryKey: invoicesKeys.detail(id),
    queryFn: ({ signal }) => invoicesApi.get(id, signal),
    enabled: Boolean(invoice),
    staleTime: 0,
  });
}

/** GET /invoices/{id}/ledger: the Kontoauszug of the detail (reloads with every invoice change). */
export function useLedgerQuery(id: string | null) {
  return useQuery({
    queryKey: invoicesKeys.ledger(id ?? ''),
    queryFn: ({ signal }) => invoicesApi.ledger(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useCreditNotesQuery(id: string | null) {
  return useQuery({
    queryKey: invoicesKeys.creditNotes(id ?? ''),
    queryFn: ({ signal }) => invoicesApi.creditNotes(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useRemindersQuery(id: string | null) {
  return useQuery({
    queryKey: invoicesKeys.reminders(id ?? ''),
    queryFn: ({ signal }) => invoicesApi.reminders(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** Every change reloads list, tiles, detail and history (part 2 §4: "invoices and history reload"). */
function useInvalidateInvoices() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: invoicesKeys.all });
}

export function useDeleteInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: (id: string) => invoicesApi.remove(id), onSettled: invalidate });
}

export function useSetInvoiceStatus() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InvoiceStatus }) => invoicesApi.setStatus(id, status),
    onSettled: invalidate,
  });
}

export function useSetPaymentMethod() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, method }: { id: string; method: InvoicePaymentMethod | null }) =>
      invoicesApi.setPaymentMethod(id, method),
    onSettled: invalidate,
  });
}

export function useMarkPaid() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: (id: string) => invoicesApi.markPaid(id), onSettled: invalidate });
}

export function useSendInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: (id: string) => invoicesApi.send(id), onSettled: invalidate });
}

export function useSendReminder() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: SendReminderRequest }) => invoicesApi.sendReminder(id, body),
    onSettled: invalidate,
  });
}

export function useRecordPayment() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreatePaymentRequest }) => invoicesApi.recordPayment(id, body),
    onSettled: invalidate,
  });
}

export function useReversePayment() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) => invoicesApi.reversePayment(id, paymentId),
    onSettled: invalidate,
  });
}

export function useRefund() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RefundRequest }) => invoicesApi.refund(id, body),
    onSettled: invalidate,
  });
}

/** GET /invoices/credit-balances (the office's «Guthaben» list; reloads with every invoice change). */
export function useCreditBalancesQuery(enabled: boolean) {
  return useQuery({
    queryKey: invoicesKeys.creditBalances(),
    queryFn: ({ signal }) => invoicesApi.creditBalances(signal),
    enabled,
  });
}

/** GET /invoices/number-log?year= (the «Nummernprotokoll»). */
export function useNumberLogQuery(year: number, enabled: boolean) {
  return useQuery({
    queryKey: invoicesKeys.numberLog(year),
    queryFn: ({ signal }) => invoicesApi.numberLog(year, signal),
    enabled,
    staleTime: 0,
  });
}

/** The customer's invoices that still have something open (targets of «Guthaben verrechnen»). */
export function useOpenInvoicesOfCustomer(customerId: string | null) {
  return useQuery({
    queryKey: invoicesKeys.openOfCustomer(customerId ?? ''),
    queryFn: ({ signal }) => invoicesApi.list({ customerId: customerId ?? undefined, page: 1, pageSize: 100 }, signal),
    enabled: Boolean(customerId),
    select: (page) => page.items.filter((i) => i.open_amount > 0 && ['sent', 'overdue'].includes(i.status)),
  });
}

export function useApplyCredit() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApplyCreditRequest }) => invoicesApi.applyCredit(id, body),
    onSettled: invalidate,
  });
}

export function useCreateCreditNote() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreateCreditNoteRequest }) => invoicesApi.createCreditNote(id, body),
    onSettled: invalidate,
  });
}

/** «Stornieren» or «Abschreiben» with its reason. */
export function useCloseInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, kind, reason }: { id: string; kind: 'cancel' | 'writeOff'; reason: string }) =>
      kind === 'cancel' ? invoicesApi.cancel(id, { reason }) : invoicesApi.writeOff(id, { reason }),
    onSettled: invalidate,
  });
}

export function useImportPayments() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: (file: File) => invoicesApi.importPayments(file), onSettled: invalidate });
}

export function useCreateInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: (body: CreateInvoiceRequest) => invoicesApi.create(body), onSettled: invalidate });
}

/** Open stored bank credits (GET /invoices/payments/unmatched?status=open); only for admin and backoffice. */
export function useUnmatchedCreditsQuery(enabled: boolean) {
  return useQuery({
    queryKey: invoicesKeys.unmatched(),
    queryFn: ({ signal }) => invoicesApi.unmatchedCredits(signal),
    enabled,
  });
}

/**
 * Invoices a credit can be assigned to: sent and overdue (part-paid ones are among them), with the
 * open amount; the list API filters one status at a time.
 */
export function useOpenInvoicesQuery(enabled: boolean) {
  return useQuery({
    queryKey: invoicesKeys.openForAssign(),
    queryFn: async ({ signal }) => {
      const pageSize = INVOICE_DEFAULTS.maxPageSize;
      const [sent, overdue] = await Promise.all(
        (['sent', 'overdue'] as const).map((status) => invoicesApi.list({ status, page: 1, pageSize }, signal)),
      );
      return [...(overdue?.items ?? []), ...(sent?.items ?? [])].filter((i) => i.open_amount > 0);
    },
    enabled,
    staleTime: 0,
  });
}

export function useAssignCredit() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ creditId, invoiceId }: { creditId: string; invoiceId: string }) =>
      invoicesApi.assignCredit(creditId, invoiceId),
    onSettled: invalidate,
  });
}
