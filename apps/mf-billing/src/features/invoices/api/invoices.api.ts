import { api } from '@zunft/web-common';
import { listQueryString } from '../../../shared/listQuery';
import { SLOW_CALL } from '../../../shared/slowCall';
import { searchPageQuery } from '../../quotes/api/quotes.api';
import type {
  ApplyCreditRequest,
  ApplyCreditResponse,
  CreditBalanceListResponse,
  InvoiceNumberLogResponse,
  AssignUnmatchedCreditResponse,
  CamtImportResponse,
  CreateCreditNoteRequest,
  CreateInvoiceRequest,
  CreditNoteDto,
  CreatePaymentRequest,
  CustomerDto,
  CustomerListPage,
  InvoiceDetailDto,
  InvoiceClosedResponse,
  InvoiceLedgerResponse,
  InvoiceReasonRequest,
  InvoiceListResponse,
  InvoicePaymentDto,
  InvoiceStatsDto,
  InvoiceStatus,
  MessageResponse,
  InvoicePaymentMethod,
  PaymentReversalResponse,
  RefundRequest,
  PaginatedResponse,
  QuoteDto,
  ReminderDto,
  SendReminderRequest,
  SendReminderResponse,
  UnmatchedCreditListResponse,
} from '@zunft/contracts';

/** The list call's filters (GET /invoices?status&customerId&search&page&pageSize). */
export interface InvoiceListFilter {
  status?: InvoiceStatus;
  customerId?: string;
  search?: string;
  page: number;
  pageSize: number;
}

const path = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** Typed calls of the invoices screen (part 2 §7 "Invoices", issue 11). */
export const invoicesApi = {
  list: (query: InvoiceListFilter, signal?: AbortSignal) =>
    api.get<InvoiceListResponse>(`/invoices${listQueryString(query)}`, { signal }),
  stats: (signal?: AbortSignal) => api.get<InvoiceStatsDto>('/invoices/stats', { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<InvoiceDetailDto>(path(id), { signal }),
  create: (body: CreateInvoiceRequest) => api.post<InvoiceDetailDto>('/invoices', body),
  remove: (id: string) => api.delete<MessageResponse>(path(id)),
  setStatus: (id: string, status: InvoiceStatus) => api.put<InvoiceDetailDto>(`${path(id)}/status`, { status }),
  setPaymentMethod: (id: string, paymentMethod: InvoicePaymentMethod | null) =>
    api.put<InvoiceDetailDto>(`${path(id)}/payment-method`, { paymentMethod }),
  send: (id: string) => api.post<MessageResponse>(`${path(id)}/send`, undefined, SLOW_CALL),
  /** 'Als bezahlt markieren': records the open amount as a payment. */
  markPaid: (id: string) => api.post<InvoiceDetailDto>(`${path(id)}/mark-paid`, {}),
  download: (id: string) => api.blob(`${path(id)}/download`, SLOW_CALL),
  /** Empty payload: the next level; otherwise the custom reminder of the dialog. */
  sendReminder: (id: string, body?: SendReminderRequest) =>
    api.post<SendReminderResponse>(`${path(id)}/send-reminder`, body ?? {}, SLOW_CALL),
  reminders: (id: string, signal?: AbortSignal) => api.get<ReminderDto[]>(`${path(id)}/reminders`, { signal }),
  payments: (id: string, signal?: AbortSignal) => api.get<InvoicePaymentDto[]>(`${path(id)}/payments`, { signal }),
  recordPayment: (id: string, body: CreatePaymentRequest) => api.post<InvoicePaymentDto>(`${path(id)}/payments`, body),
  /** Every movement of the invoice's money, oldest first, with the sums (issue 22). */
  ledger: (id: string, signal?: AbortSignal) => api.get<InvoiceLedgerResponse>(`${path(id)}/ledger`, { signal }),
  /** Pays back (part of) the credit balance; answers the ledger. */
  refund: (id: string, body: RefundRequest) => api.post<InvoiceLedgerResponse>(`${path(id)}/refund`, body),
  /** Uses (part of) this invoice's credit balance on another open invoice of the same customer. */
  applyCredit: (id: string, body: ApplyCreditRequest) =>
    api.post<ApplyCreditResponse>(`${path(id)}/apply-credit`, body),
  /** Every invoice with a credit balance (paid beyond what was owed, not yet refunded or used). */
  creditBalances: (signal?: AbortSignal) => api.get<CreditBalanceListResponse>('/invoices/credit-balances', { signal }),
  /** Every number of the year with its fate (issued, draft, deleted draft). */
  numberLog: (year: number, signal?: AbortSignal) =>
    api.get<InvoiceNumberLogResponse>(`/invoices/number-log?year=${year}`, { signal }),
  /** The invoice's credit notes (Gutschriften), oldest first. */
  creditNotes: (id: string, signal?: AbortSignal) => api.get<CreditNoteDto[]>(`${path(id)}/credit-notes`, { signal }),
  /** The credit note's PDF (customer's language, no QR bill; archived on the first download). */
  creditNotePdf: (id: string, creditNoteId: string) =>
    api.blob(`${path(id)}/credit-notes/${encodeURIComponent(creditNoteId)}/pdf`, SLOW_CALL),
  /** «Gutschrift erstellen»: 201 with its GS number; lowers the open amount. */
  createCreditNote: (id: string, body: CreateCreditNoteRequest) =>
    api.post<CreditNoteDto>(`${path(id)}/credit-notes`, body, SLOW_CALL),
  /** «Stornieren»: the unpaid rest credited by one credit note; status cancelled. */
  cancel: (id: string, body: InvoiceReasonRequest) =>
    api.post<InvoiceClosedResponse>(`${path(id)}/cancel`, body, SLOW_CALL),
  /** «Abschreiben»: the open amount booked as a loss; status written_off. */
  writeOff: (id: string, body: InvoiceReasonRequest) => api.post<InvoiceClosedResponse>(`${path(id)}/write-off`, body),
  /** 'Zahlung stornieren': books a payment_reversal (the payment stays listed, marked reversed). */
  reversePayment: (id: string, paymentId: string) =>
    api.delete<PaymentReversalResponse>(`${path(id)}/payments/${encodeURIComponent(paymentId)}`),
  importPayments: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload<CamtImportResponse>('/invoices/payments/import', form, 'POST', SLOW_CALL);
  },
  /** Stored bank credits the import could not match (admin and backoffice). */
  unmatchedCredits: (signal?: AbortSignal) =>
    api.get<UnmatchedCreditListResponse>('/invoices/payments/unmatched?status=open&page=1&pageSize=200', { signal }),
  /** Books a stored credit as a payment of the invoice. */
  assignCredit: (creditId: string, invoiceId: string) =>
    api.post<AssignUnmatchedCreditResponse>(`/invoices/payments/unmatched/${encodeURIComponent(creditId)}/assign`, {
      invoiceId,
    }),
  /** The dialog's customer select: the first 20 active customers the server finds (issue 13). */
  searchCustomers: async (search: string, signal?: AbortSignal) =>
    (await api.get<CustomerListPage>(`/customers${searchPageQuery(search)}`, { signal })).items,
  /**
   * The list's customer filter (issue 26): archived customers too, whose invoices stay in the list;
   * the dialogs' selects (`searchCustomers`) offer only active ones, as operations answers by default.
   */
  filterCustomers: async (search: string, signal?: AbortSignal) =>
    (await api.get<CustomerListPage>(`/customers${searchPageQuery(search, { includeArchived: 'true' })}`, { signal }))
      .items,
  customer: (id: string, signal?: AbortSignal) =>
    api.get<CustomerDto>(`/customers/${encodeURIComponent(id)}`, { signal }),
  /** The dialog's quote select: the first 20 accepted quotes the server finds (issue 13). */
  acceptedQuotes: async (search: string, signal?: AbortSignal) =>
    (
      await api.get<PaginatedResponse<QuoteDto>>(`/quotes${searchPageQuery(search, { status: 'accepted' })}`, {
        signal,
      })
    ).items,
  quote: (id: string, signal?: AbortSignal) => api.get<QuoteDto>(`/quotes/${encodeURIComponent(id)}`, { signal }),
};
