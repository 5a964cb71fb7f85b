/** The invoices room's door: its module, the services other rooms may call, and types. */
export { InvoicesModule } from './invoices.module.js';
export { InvoicesService, addDays, invoicePdfName, reportLines } from './invoices.service.js';
export { InvoiceArchive } from './invoice-archive.js';
export { InvoiceDocumentBuilder } from './invoice-document.builder.js';
export { InvoiceErrors } from './invoices.errors.js';
export { invoiceEventData } from './invoice-events.js';
export { toInvoiceDto, type InvoiceRow } from './invoice-row.js';
export type { BillingCompany } from './invoices.repository.js';
export { invoiceMail, reminderMail } from './invoice-mail.js';
