import type { EventData, InvoiceDto } from '@zunft/contracts';

/** The common payload of the billing.invoice.* events. */
export const invoiceEventData = (i: InvoiceDto): EventData<'billing.invoice.created'> => ({
  invoiceId: i.id,
  invoiceNumber: i.invoice_number,
  customerId: i.customer_id,
  customerName: i.customer_name,
  projectId: i.project_id,
  reportId: i.report_id,
  status: i.status,
  total: i.total_amount,
  currency: i.currency,
  dueDate: i.due_date,
});
