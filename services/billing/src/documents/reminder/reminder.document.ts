import type { ReminderDocument } from '@zunft/contracts';
import {
  escapeHtml,
  escapeMultiline,
  fill,
  formatAmount,
  formatDate,
  formatPercent,
  htmlPage,
  layoutTexts,
  letterhead,
  pdfFilename,
  type RenderableDocument,
} from '../layout/index.js';
import { INVOICE_CSS, invoiceTexts } from '../invoice/index.js';
import { qrBillPage } from '../qr-bill/index.js';

/*
 * The reminder PDF (Erinnerung, 1./2./letzte Mahnung): a letter for its level in the customer's
 * language, the open invoice, the reminder fees and default interest, the new total, and a new QR
 * bill for that total with the invoice's reference.
 */
export function renderReminderHtml(doc: ReminderDocument): RenderableDocument {
  const t = invoiceTexts(doc.language);
  const level = doc.reminder.level;
  const title = t.reminderTitles[level - 1]!;
  const cur = escapeHtml(doc.invoice.currency);
  const a = doc.amounts;
  const meta: [string, string][] = [
    [escapeHtml(layoutTexts(doc.language).date), formatDate(doc.reminder.date)],
    [escapeHtml(t.invoiceNumber), escapeHtml(doc.invoice.number)],
    [escapeHtml(t.dueDate), formatDate(doc.reminder.due_date)],
  ];
  const row = (label: string, amount: string, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><td>${label}</td><td class="amount">${amount}</td></tr>`;
  const rows = [
    row(`${escapeHtml(t.invoiceTotal)} (${formatDate(doc.invoice.date)})`, formatAmount(doc.invoice.total)),
  ];
  if (doc.invoice.paid > 0) rows.push(row(escapeHtml(t.alreadyPaid), formatAmount(-doc.invoice.paid)));
  rows.push(row(escapeHtml(t.openAmount), formatAmount(a.open_amount), 'strong'));
  if (a.fees_total > 0) rows.push(row(escapeHtml(t.reminderFees), formatAmount(a.fees_total)));
  if (a.interest > 0) {
    const label = fill(escapeHtml(t.interest), { rate: formatPercent(a.interest_rate), days: String(a.interest_days) });
    rows.push(row(label, formatAmount(a.interest)));
  }
  rows.push(row(escapeHtml(t.newTotal), `${cur} ${formatAmount(a.total)}`, 'grand'));

  const body = `${letterhead({ language: doc.language, company: doc.company, customer: doc.customer, meta })}
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t.reminderIntro[level - 1]!)}</p>
<h2>${escapeHtml(t.openInvoice)} ${escapeHtml(doc.invoice.number)} · ${escapeHtml(t.originalDue)} ${formatDate(doc.invoice.due_date)}</h2>
<div class="totals"><table>${rows.join('')}</table></div>
<p class="payment-terms">${fill(escapeHtml(t.reminderPayBy), { date: formatDate(doc.reminder.due_date) })}</p>
${doc.reminder.notes ? `<p>${escapeMultiline(doc.reminder.notes)}</p>` : ''}
<p>${escapeHtml(t.closing)}<br>${escapeHtml(doc.company.name)}</p>
${qrBillPage(doc.qr_bill, doc.language)}`;

  return {
    html: htmlPage({ language: doc.language, title: `${title} ${doc.invoice.number}`, body, kindCss: INVOICE_CSS }),
    filename: pdfFilename(title, doc.invoice.number),
  };
}
