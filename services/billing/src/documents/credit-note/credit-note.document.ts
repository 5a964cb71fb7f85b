import type { CreditNoteDocument } from '@zunft/contracts';
import {
  escapeHtml,
  fill,
  formatAmount,
  formatDate,
  formatNumber,
  formatPercent,
  htmlPage,
  layoutTexts,
  letterhead,
  pdfFilename,
  type RenderableDocument,
} from '../layout/index.js';
import { INVOICE_CSS } from '../invoice/index.js';
import { creditNoteTexts } from './credit-note.texts.js';

/*
 * The credit note PDF (Gutschrift / Note de crédit / Nota di credito, issue 22): a letter in the
 * customer's language that names the invoice it corrects, the lines or amount credited, net and
 * VAT per rate (what both sides correct in their VAT return) and the total. No QR bill: nothing is
 * payable. Every user value is escaped.
 */
export function renderCreditNoteHtml(doc: CreditNoteDocument): RenderableDocument {
  const t = creditNoteTexts(doc.language);
  const note = doc.credit_note;
  const cur = escapeHtml(note.currency);
  const meta: [string, string][] = [
    [escapeHtml(layoutTexts(doc.language).date), formatDate(note.date)],
    [escapeHtml(t.creditNoteNumber), escapeHtml(note.number)],
    [escapeHtml(t.invoiceNumber), escapeHtml(note.invoice_number)],
  ];
  const row = (label: string, amount: string, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><td>${label}</td><td class="amount">${amount}</td></tr>`;
  const totals: string[] = [];
  for (const b of doc.vat_breakdown) {
    const rate = formatPercent(b.rate);
    totals.push(row(fill(escapeHtml(t.netAtRate), { rate }), formatAmount(b.net)));
    if (b.rate > 0) totals.push(row(fill(escapeHtml(t.vatAtRate), { rate }), formatAmount(b.vat)));
  }
  totals.push(row(escapeHtml(t.grandTotal), `${cur} ${formatAmount(doc.totals.total)}`, 'grand'));

  const body = `${letterhead({ language: doc.language, company: doc.company, customer: doc.customer, meta })}
<h1>${escapeHtml(t.creditNote)} ${escapeHtml(note.number)}</h1>
<p>${fill(escapeHtml(t.reference), { number: escapeHtml(note.invoice_number), date: formatDate(note.invoice_date) })}</p>
<p><strong>${escapeHtml(t.reason)}:</strong> ${escapeHtml(note.reason)}</p>
${doc.lines.length > 0 ? linesTable(doc) : ''}
<div class="totals"><table>${totals.join('')}</table></div>
<p class="payment-terms">${escapeHtml(t.settlement)}</p>
<p>${escapeHtml(t.closing)}<br>${escapeHtml(doc.company.name)}</p>
<p class="mwst">${escapeHtml(t.supplier)}: ${escapeHtml(doc.company.name)}${
    doc.company.vat_number ? `, ${escapeHtml(doc.company.vat_number)}` : ''
  } · ${escapeHtml(t.recipient)}: ${escapeHtml(doc.customer.name)}</p>`;

  return {
    html: htmlPage({ language: doc.language, title: `${t.creditNote} ${note.number}`, body, kindCss: INVOICE_CSS }),
    filename: pdfFilename(t.creditNote, note.number),
  };
}

function linesTable(doc: CreditNoteDocument): string {
  const t = creditNoteTexts(doc.language);
  const head = `<thead><tr>
    <th class="pos">${escapeHtml(t.pos)}</th>
    <th>${escapeHtml(t.designation)}</th>
    <th class="num">${escapeHtml(t.quantity)}</th>
    <th class="num">${escapeHtml(t.price)}</th>
    <th class="num">${escapeHtml(t.vatRate)}</th>
    <th class="num">${escapeHtml(t.total)}</th>
  </tr></thead>`;
  const rows = doc.lines
    .map(
      (line, index) => `<tr>
    <td class="pos">${index + 1}</td>
    <td class="designation">${escapeHtml(line.title)}</td>
    <td class="num">${formatNumber(line.quantity)}</td>
    <td class="num">${formatAmount(line.unit_price)}</td>
    <td class="num">${formatPercent(line.vat_rate)}</td>
    <td class="num">${formatAmount(line.total_price)}</td>
  </tr>`,
    )
    .join('');
  return `<table class="items">${head}<tbody>${rows}</tbody></table>`;
}
