import { formatIban, type QuoteDocument, type QuoteDocumentItem } from '@zunft/contracts';
import { documentTexts, fill, type DocumentTexts } from './document-i18n.js';
import { DOCUMENT_CSP, DOCUMENT_CSS, FOOTER_CSS } from './document-styles.js';
import { escapeHtml, escapeMultiline, safeImageDataUrl } from './escape-html.js';
import type { RenderableDocument } from './page-layout.js';
import { formatAmount, formatChf, formatDate, formatNumber, formatPercent } from './swiss-format.js';

/*
 * The quote PDF (Angebot / Offre / Offerta): a Swiss business letter on A4. Every user value goes
 * through escapeHtml/escapeMultiline; only the dictionary and numbers formatted here are trusted.
 */

export function renderQuoteHtml(doc: QuoteDocument): RenderableDocument {
  const t = documentTexts(doc.language);
  const { company, customer, quote } = doc;
  const number = escapeHtml(quote.number);

  const body = `
<section class="letterhead">
  ${brand(doc)}
  ${sender(doc, t)}
  <div class="recipient">
    <div class="return-line">${escapeHtml(oneLine(company.name, company.address))}</div>
    <div class="recipient-name">${escapeHtml(customer.name)}</div>
    <div>${escapeMultiline(customer.address)}</div>
  </div>
  <div class="meta"><table>
    <tr><td class="label">${escapeHtml(t.date)}</td><td class="value">${formatDate(quote.date)}</td></tr>
    ${quote.valid_until ? `<tr><td class="label">${escapeHtml(t.validUntil)}</td><td class="value">${formatDate(quote.valid_until)}</td></tr>` : ''}
  </table></div>
</section>
<h1>${escapeHtml(t.quote)} ${number}</h1>
${quote.title ? `<p class="subject">${escapeHtml(quote.title)}</p>` : ''}
${quote.description ? `<p class="intro">${escapeMultiline(quote.description)}</p>` : ''}
${itemsTable(quote.items, t, doc.language)}
${totals(doc, t)}
${textBlock(t.notes, quote.notes)}
${textBlock(t.terms, quote.terms_conditions)}
${acceptance(doc, t)}`;

  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(doc.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">
<title>${escapeHtml(t.quote)} ${number}</title>
<style>${DOCUMENT_CSS}</style>
</head>
<body>${body}
</body>
</html>`;

  const footerLeft = [company.name, company.iban ? `IBAN ${formatIban(company.iban)}` : null, company.website]
    .filter((part): part is string => Boolean(part && part.trim()))
    .map(escapeHtml)
    .join(' · ');
  const pageText = fill(escapeHtml(t.page), {
    page: '<span class="pageNumber"></span>',
    pages: '<span class="totalPages"></span>',
  });
  const footerHtml = `<div style="${FOOTER_CSS}"><span>${footerLeft}</span><span style="white-space:nowrap">${pageText}</span></div>`;

  return { html, footerHtml, filename: quotePdfFilename(doc) };
}

/** "Angebot-Q-2025-0001.pdf" (language of the document; unsafe file-name characters replaced). */
export function quotePdfFilename(doc: QuoteDocument): string {
  const label = documentTexts(doc.language).quote;
  const safe = `${label}-${doc.quote.number}`.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/-+/g, '-');
  return `${safe}.pdf`;
}

function brand(doc: QuoteDocument): string {
  const logo = safeImageDataUrl(doc.company.logo_data_url);
  return logo
    ? `<div class="brand"><img src="${logo}" alt=""></div>`
    : `<div class="brand"><div class="brand-name">${escapeHtml(doc.company.name)}</div></div>`;
}

function sender(doc: QuoteDocument, t: DocumentTexts): string {
  const c = doc.company;
  const lines = [
    `<div class="sender-name">${escapeHtml(c.name)}</div>`,
    c.address ? `<div>${escapeMultiline(c.address)}</div>` : '',
    c.phone ? `<div>${escapeHtml(t.phone)} ${escapeHtml(c.phone)}</div>` : '',
    c.email ? `<div>${escapeHtml(c.email)}</div>` : '',
    c.website ? `<div>${escapeHtml(c.website)}</div>` : '',
    c.vat_number ? `<div>${escapeHtml(t.vatNumber)} ${escapeHtml(c.vat_number)}</div>` : '',
  ];
  return `<div class="sender">${lines.join('')}</div>`;
}

function itemsTable(items: QuoteDocumentItem[], t: DocumentTexts, language: QuoteDocument['language']): string {
  const head = `<thead><tr>
    <th class="pos">${escapeHtml(t.pos)}</th>
    <th>${escapeHtml(t.designation)}</th>
    <th class="num">${escapeHtml(t.quantity)}</th>
    <th>${escapeHtml(t.unit)}</th>
    <th class="num">${escapeHtml(t.price)}</th>
    <th class="num">${escapeHtml(t.total)}</th>
  </tr></thead>`;
  const rows =
    items.length === 0
      ? `<tr><td class="empty" colspan="6">${escapeHtml(t.noItems)}</td></tr>`
      : items
          .map(
            (item, index) => `<tr>
    <td class="pos">${index + 1}</td>
    <td class="designation"><div>${escapeHtml(item.title)}</div>${
      item.description ? `<div class="item-description">${escapeMultiline(item.description)}</div>` : ''
    }</td>
    <td class="num">${formatNumber(item.quantity)}</td>
    <td>${escapeHtml(unitLabel(item.unit, t))}</td>
    <td class="num">${formatAmount(item.unit_price)}</td>
    <td class="num">${formatAmount(item.total_price)}</td>
  </tr>`,
          )
          .join('');
  return `<table class="items" lang="${escapeHtml(language)}">${head}<tbody>${rows}</tbody></table>`;
}

function unitLabel(unit: string, t: DocumentTexts): string {
  return t.units[unit] ?? unit;
}

function totals(doc: QuoteDocument, t: DocumentTexts): string {
  const q = doc.quote;
  const row = (label: string, amount: string, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><td>${label}</td><td class="amount">${amount}</td></tr>`;
  const rows = [row(escapeHtml(t.subtotal), formatAmount(q.subtotal))];
  if (q.discount_amount !== 0 || q.discount_percent !== 0) {
    rows.push(
      row(`${escapeHtml(t.discount)} ${formatPercent(q.discount_percent)}`, formatAmount(-Math.abs(q.discount_amount))),
    );
  }
  if (q.travel_allowance !== 0) rows.push(row(escapeHtml(t.travelAllowance), formatAmount(q.travel_allowance)));
  rows.push(row(escapeHtml(t.net), formatAmount(q.net_amount), 'strong'));
  rows.push(row(`${escapeHtml(t.vat)} ${formatPercent(q.vat_rate)}`, formatAmount(q.vat_amount)));
  if (q.rounding !== 0) rows.push(row(escapeHtml(t.rounding), formatAmount(q.rounding)));
  rows.push(row(escapeHtml(t.grandTotal), formatChf(q.total), 'grand'));
  return `<div class="totals"><table>${rows.join('')}</table></div>`;
}

function textBlock(title: string, text: string | null): string {
  if (!text || !text.trim()) return '';
  return `<section class="text-block"><h2>${escapeHtml(title)}</h2><p>${escapeMultiline(text.trim())}</p></section>`;
}

function acceptance(doc: QuoteDocument, t: DocumentTexts): string {
  const s = doc.signature;
  if (!s) return '';
  const acceptedBy = fill(escapeHtml(t.acceptedBy), {
    name: escapeHtml(s.name),
    date: escapeHtml(formatDate(s.signed_at)),
  });
  const image = safeImageDataUrl(s.image_data_url);
  return `<section class="acceptance">
  <div class="accepted-by">${acceptedBy}</div>
  ${image ? `<div class="signature"><img src="${image}" alt=""><div class="signature-line">${escapeHtml(t.signature)}</div></div>` : ''}
</section>`;
}

/** "Muster AG, Bahnhofstrasse 1, 8001 Zürich" (return line above the window address). */
function oneLine(...parts: (string | null)[]): string {
  return parts
    .flatMap((part) => (part ?? '').split(/\r?\n/))
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}
