import type { InvoiceDocument } from '@zunft/contracts';
import {
  escapeHtml,
  escapeMultiline,
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
import { QR_BILL_CSS, qrBillPage } from '../qr-bill/index.js';
import { invoiceTexts, type InvoiceTexts } from './invoice.texts.js';

/*
 * The invoice PDF (Rechnung / Facture / Fattura): a Swiss business letter with everything MWSTG
 * art. 26 asks for (supplier's name, place and VAT number; recipient's name and place; date and
 * service period; the lines; rate and tax amount), then the QR bill on its own last page. No page
 * footer: nothing may be printed over the payment part. Every user value is escaped.
 */

export const INVOICE_CSS = `
.mwst { margin-top: 4mm; font-size: 8pt; color: #444; }
.payment-terms { margin-top: 5mm; }
.draft-mark { position: fixed; top: 95mm; left: 0; right: 0; text-align: center; font-size: 60pt; font-weight: 700;
  color: rgba(200, 0, 0, 0.12); transform: rotate(-30deg); z-index: -1; margin: 0; }
${QR_BILL_CSS}`;

export function renderInvoiceHtml(doc: InvoiceDocument): RenderableDocument {
  const t = invoiceTexts(doc.language);
  const inv = doc.invoice;
  // «Akontorechnung», «Teilrechnung», «Schlussrechnung» (issue 22); an ordinary invoice «Rechnung».
  const title = inv.kind && inv.kind !== 'invoice' ? t.stageTitles[inv.kind] : t.invoice;
  const meta: [string, string][] = [
    [escapeHtml(layoutTexts(doc.language).date), formatDate(inv.date)],
    [escapeHtml(t.invoiceNumber), escapeHtml(inv.number)],
    [escapeHtml(t.dueDate), formatDate(inv.due_date)],
  ];
  if (inv.service_period_start && inv.service_period_end) {
    meta.push([
      escapeHtml(t.servicePeriod),
      `${formatDate(inv.service_period_start)} – ${formatDate(inv.service_period_end)}`,
    ]);
  }
  if (inv.project_title) meta.push([escapeHtml(t.project), escapeHtml(inv.project_title)]);

  const body = `${letterhead({ language: doc.language, company: doc.company, customer: doc.customer, meta })}
${inv.draft ? `<p class="draft-mark">${escapeHtml(t.draft)}</p>` : ''}
<h1>${inv.draft ? `${escapeHtml(t.draft)}: ` : ''}${escapeHtml(title)} ${escapeHtml(inv.number)}</h1>
${linesTable(doc, t)}
${totals(doc, t)}
<p class="payment-terms">${fill(escapeHtml(t.paymentTerms), {
    days: String(inv.payment_terms_days),
    date: formatDate(inv.due_date),
  })}</p>
${inv.notes ? `<section class="text-block"><h2>${escapeHtml(t.notes)}</h2><p>${escapeMultiline(inv.notes)}</p></section>` : ''}
<p class="mwst">${escapeHtml(t.supplier)}: ${escapeHtml(doc.company.name)}, ${escapeHtml(inv.company_place)}${
    doc.company.vat_number ? `, ${escapeHtml(doc.company.vat_number)}` : ''
  } · ${escapeHtml(t.recipient)}: ${escapeHtml(doc.customer.name)}, ${escapeHtml(inv.customer_place)}</p>
${doc.qr_bill ? qrBillPage(doc.qr_bill, doc.language) : ''}`;

  return {
    html: htmlPage({ language: doc.language, title: `${title} ${inv.number}`, body, kindCss: INVOICE_CSS }),
    filename: pdfFilename(t.invoice, inv.number),
  };
}

function linesTable(doc: InvoiceDocument, t: InvoiceTexts): string {
  const head = `<thead><tr>
    <th class="pos">${escapeHtml(t.pos)}</th>
    <th>${escapeHtml(t.designation)}</th>
    <th class="num">${escapeHtml(t.quantity)}</th>
    <th>${escapeHtml(t.unit)}</th>
    <th class="num">${escapeHtml(t.price)}</th>
    <th class="num">${escapeHtml(t.total)}</th>
  </tr></thead>`;
  const rows = doc.lines
    .map(
      (line, index) => `<tr>
    <td class="pos">${index + 1}</td>
    <td class="designation"><div>${escapeHtml(line.title)}</div>${
      line.description ? `<div class="item-description">${escapeMultiline(line.description)}</div>` : ''
    }</td>
    <td class="num">${formatNumber(line.quantity)}</td>
    <td>${escapeHtml(line.unit)}</td>
    <td class="num">${formatAmount(line.unit_price)}</td>
    <td class="num">${formatAmount(line.total_price)}</td>
  </tr>`,
    )
    .join('');
  return `<table class="items">${head}<tbody>${rows}</tbody></table>`;
}

function totals(doc: InvoiceDocument, t: InvoiceTexts): string {
  const x = doc.totals;
  const cur = escapeHtml(doc.invoice.currency);
  const row = (label: string, amount: string, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><td>${label}</td><td class="amount">${amount}</td></tr>`;
  const rows = [row(escapeHtml(t.subtotal), formatAmount(x.subtotal))];
  // Rate 0: no VAT line; the invoice says it is not liable to VAT (MWSTG art. 10, art. 26 para. 2).
  // One VAT line per rate of the lines (issue 22), with its net amount when there are several.
  const rates =
    x.vat_breakdown && x.vat_breakdown.length > 0
      ? x.vat_breakdown
      : [{ rate: x.vat_rate, net: x.subtotal, vat: x.vat_amount }];
  if (rates.every((b) => b.rate <= 0) && x.vat_rate <= 0) rows.push(row(escapeHtml(t.notVatLiable), ''));
  else
    for (const b of rates) {
      if (b.rate <= 0 && rates.length > 1) continue;
      const base = rates.length > 1 ? ` (${formatAmount(b.net)})` : '';
      rows.push(row(`${escapeHtml(t.vat)} ${formatPercent(b.rate)}${base}`, formatAmount(b.vat)));
    }
  if (x.rounding !== 0) rows.push(row(escapeHtml(t.rounding), formatAmount(x.rounding)));
  rows.push(row(escapeHtml(t.grandTotal), `${cur} ${formatAmount(x.total)}`, 'grand'));
  if (x.paid > 0) {
    rows.push(row(escapeHtml(t.paid), formatAmount(-x.paid)));
    rows.push(row(escapeHtml(t.open), `${cur} ${formatAmount(Math.max(0, x.total - x.paid))}`, 'grand'));
  }
  return `<div class="totals"><table>${rows.join('')}</table></div>`;
}
