export { INVOICE_CSS, renderInvoiceHtml } from './invoice.document.js';
export { INVOICE_TEXTS, invoiceTexts, type InvoiceTexts } from './invoice.texts.js';
