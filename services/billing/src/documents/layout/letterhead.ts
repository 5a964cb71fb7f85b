import { formatIban, type DocumentCompany, type DocumentCustomer, type Language } from '@zunft/contracts';
import { FOOTER_CSS } from './document-styles.js';
import { escapeHtml, escapeMultiline, safeImageDataUrl } from './escape-html.js';
import { fill, layoutTexts } from './layout-texts.js';

/*
 * The parts every business document shares: the letterhead (logo or name, sender block, the
 * recipient in the envelope window, a meta table) and the footer with page numbers. Every user
 * value is escaped here; `meta` rows take already escaped/formatted HTML.
 */

export interface LetterheadInput {
  language: Language;
  company: DocumentCompany;
  customer: Pick<DocumentCustomer, 'name' | 'address'>;
  /** Rows of the meta table right of the address: [label, value], both already escaped HTML. */
  meta: [string, string][];
}

export function letterhead(input: LetterheadInput): string {
  const { company, customer } = input;
  const rows = input.meta
    .map(([label, value]) => `<tr><td class="label">${label}</td><td class="value">${value}</td></tr>`)
    .join('\n    ');
  return `
<section class="letterhead">
  ${brand(company)}
  ${sender(company, input.language)}
  <div class="recipient">
    <div class="return-line">${escapeHtml(oneLine(company.name, company.address))}</div>
    <div class="recipient-name">${escapeHtml(customer.name)}</div>
    <div>${escapeMultiline(customer.address)}</div>
  </div>
  <div class="meta"><table>
    ${rows}
  </table></div>
</section>`;
}

/** Chromium footer template: company, IBAN and website left, "Seite x von y" right. */
export function pageFooter(company: DocumentCompany, language: Language): string {
  const footerLeft = [company.name, company.iban ? `IBAN ${formatIban(company.iban)}` : null, company.website]
    .filter((part): part is string => Boolean(part && part.trim()))
    .map(escapeHtml)
    .join(' · ');
  const pageText = fill(escapeHtml(layoutTexts(language).page), {
    page: '<span class="pageNumber"></span>',
    pages: '<span class="totalPages"></span>',
  });
  return `<div style="${FOOTER_CSS}"><span>${footerLeft}</span><span style="white-space:nowrap">${pageText}</span></div>`;
}

function brand(company: DocumentCompany): string {
  const logo = safeImageDataUrl(company.logo_data_url);
  return logo
    ? `<div class="brand"><img src="${logo}" alt=""></div>`
    : `<div class="brand"><div class="brand-name">${escapeHtml(company.name)}</div></div>`;
}

function sender(c: DocumentCompany, language: Language): string {
  const t = layoutTexts(language);
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

/** "Muster AG, Bahnhofstrasse 1, 8001 Zürich" (return line above the window address). */
function oneLine(...parts: (string | null)[]): string {
  return parts
    .flatMap((part) => (part ?? '').split(/\r?\n/))
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}
