import type { QuoteDocument, QuoteDocumentItem } from '@zunft/contracts';
import {
  escapeHtml,
  escapeMultiline,
  fill,
  formatAmount,
  formatChf,
  formatDate,
  formatNumber,
  formatPercent,
  htmlPage,
  layoutTexts,
  letterhead,
  pageFooter,
  pdfFilename,
  safeImageDataUrl,
  type RenderableDocument,
} from '../layout/index.js';
import { QUOTE_CSS } from './quote.styles.js';
import { quoteTexts, type QuoteTexts } from './quote.texts.js';

/*
 * The quote PDF (Angebot / Offre / Offerta): a Swiss business letter on A4 (layout/), with the quote's
 * items, totals, notes, terms and, once accepted, the customer's signature. Every user value goes
 * through escapeHtml/escapeMultiline; only the dictionary and numbers formatted here are trusted.
 */

export function renderQuoteHtml(doc: QuoteDocument): RenderableDocument {
  const t = quoteTexts(doc.language);
  const { quote } = doc;
  const number = escapeHtml(quote.number);
  const meta: [string, string][] = [[escapeHtml(layoutTexts(doc.language).date), formatDate(quote.date)]];
  if (quote.valid_until) meta.push([escapeHtml(t.validUntil), formatDate(quote.valid_until)]);

  const body = `${letterhead({ language: doc.language, company: doc.company, customer: doc.customer, meta })}
<h1>${escapeHtml(t.quote)} ${number}</h1>
${quote.title ? `<p class="subject">${escapeHtml(quote.title)}</p>` : ''}
${quote.description ? `<p class="intro">${escapeMultiline(quote.description)}</p>` : ''}
${itemsTable(quote.items, t, doc.language)}
${totals(doc, t)}
${textBlock(t.notes, quote.notes)}
${textBlock(t.terms, quote.terms_conditions)}
${acceptance(doc, t)}`;

  return {
    html: htmlPage({ language: doc.language, title: `${t.quote} ${quote.number}`, body, kindCss: QUOTE_CSS }),
    footerHtml: pageFooter(doc.company, doc.language),
    filename: quotePdfFilename(doc),
  };
}

/** "Angebot-Q-2025-0001.pdf" (language of the document; unsafe file-name characters replaced). */
export function quotePdfFilename(doc: QuoteDocument): string {
  return pdfFilename(quoteTexts(doc.language).quote, doc.quote.number);
}

function itemsTable(items: QuoteDocumentItem[], t: QuoteTexts, language: QuoteDocument['language']): string {
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

function unitLabel(unit: string, t: QuoteTexts): string {
  return t.units[unit] ?? unit;
}

function totals(doc: QuoteDocument, t: QuoteTexts): string {
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

function acceptance(doc: QuoteDocument, t: QuoteTexts): string {
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
