import type { ReportDocument } from '@zunft/contracts';
import {
  FOOTER_CSS,
  escapeHtml,
  escapeMultiline,
  fill,
  formatChf,
  formatDate,
  formatDateTime,
  formatNumber,
  htmlPage,
  layoutTexts,
  letterhead,
  pdfFilename,
  safeImageDataUrl,
  type RenderableDocument,
} from '../layout/index.js';
import { REPORT_CSS } from './report.styles.js';
import { reportTexts, type ReportTexts } from './report.texts.js';

/*
 * The work report PDF (Rapport / Rapport / Rapporto): letterhead (logo, address, VAT number), the
 * customer and project, the period, a table per employee (dates, times, breaks, hours, surcharges),
 * materials, expenses, photos two per row with their file names, notes and, once signed, the
 * signature with the signing record. The footer repeats the signing record and the seal prefix on
 * every page, so a printed page can be matched. Every user value is escaped.
 */

export function renderReportHtml(doc: ReportDocument): RenderableDocument {
  const t = reportTexts(doc.language);
  const { report } = doc;
  const meta: [string, string][] = [
    [escapeHtml(layoutTexts(doc.language).date), formatDate(report.date)],
    [escapeHtml(t.report), escapeHtml(report.number)],
    [escapeHtml(t.project), escapeHtml(report.project_number)],
  ];
  const body = `${letterhead({ language: doc.language, company: doc.company, customer: doc.customer, meta })}
<h1>${escapeHtml(t.report)} ${escapeHtml(report.number)}</h1>
<p class="subject">${escapeHtml(report.title)}</p>
<p class="period-line"><strong>${escapeHtml(t.project)}:</strong> ${escapeHtml(report.project_title)} · <strong>${escapeHtml(
    t.period,
  )}:</strong> ${formatDate(report.period_start)} – ${formatDate(report.period_end)}</p>
${doc.is_empty ? `<p class="notice">${escapeHtml(t.empty)}</p>` : ''}
${
  doc.excluded_count > 0
    ? `<p class="notice">${fill(escapeHtml(t.excluded), { count: String(doc.excluded_count) })}</p>`
    : ''
}
${employees(doc, t)}
${materials(doc, t)}
${expenses(doc, t)}
${photos(doc, t)}
${report.notes ? `<div class="text-block"><h2>${escapeHtml(t.notes)}</h2><p>${escapeMultiline(report.notes)}</p></div>` : ''}
${signature(doc, t)}`;

  return {
    html: htmlPage({ language: doc.language, title: `${t.report} ${report.number}`, body, kindCss: REPORT_CSS }),
    footerHtml: footer(doc, t),
    filename: reportPdfFilename(doc.language, doc.report.number),
  };
}

/** "Rapport-R-2026-0001.pdf" */
export function reportPdfFilename(language: ReportDocument['language'], number: string): string {
  return pdfFilename(reportTexts(language).report, number);
}

const hours = (h: number) => formatNumber(h, 2);

type ReportEntry = ReportDocument['employees'][number]['entries'][number];

/**
 * An entry's surcharge cell: the spec rule's kind and percent (whole entry), and in `precise` mode
 * (issue 24) the minutes of each ArG window, e.g. «Nacht 25 %: 120 Min.».
 */
function entrySurcharges(x: ReportEntry, t: ReportTexts): string {
  const parts = x.surcharge_kind
    ? [`${escapeHtml(t.surchargeKinds[x.surcharge_kind])} ${formatNumber(x.surcharge_percent)} %`]
    : [];
  for (const s of x.surcharge_minutes ?? [])
    parts.push(
      `${escapeHtml(t.surchargeKinds[s.kind])} ${formatNumber(s.percent)} %: ${s.minutes} ${escapeHtml(t.minutes)}`,
    );
  return parts.join('<br>');
}

function employees(doc: ReportDocument, t: ReportTexts): string {
  if (doc.employees.length === 0) return '';
  const blocks = doc.employees.map((e) => {
    const rows = e.entries
      .map(
        (x) => `<tr>
    <td>${formatDate(x.date)}</td>
    <td>${escapeHtml(x.start)}</td>
    <td>${escapeHtml(x.end)}</td>
    <td class="num">${x.break_minutes} ${escapeHtml(t.minutes)}</td>
    <td class="num">${hours(x.hours)}</td>
    <td>${entrySurcharges(x, t)}</td>
    <td class="designation">${escapeMultiline(x.description ?? '')}</td>
  </tr>`,
      )
      .join('');
    const surcharges = e.surcharges
      .map(
        (s) =>
          `${escapeHtml(t.surchargeKinds[s.kind])} ${formatNumber(s.percent)} %: ${hours(s.hours)} h` +
          (s.minutes !== undefined ? ` (${s.minutes} ${escapeHtml(t.minutes)})` : ''),
      )
      .join(' · ');
    return `<h3 class="employee">${escapeHtml(t.employee)}: ${escapeHtml(e.name)}</h3>
<table class="items"><thead><tr>
  <th>${escapeHtml(t.date)}</th><th>${escapeHtml(t.from)}</th><th>${escapeHtml(t.to)}</th>
  <th class="num">${escapeHtml(t.break)}</th><th class="num">${escapeHtml(t.hours)}</th>
  <th>${escapeHtml(t.surcharge)}</th><th>${escapeHtml(t.description)}</th>
</tr></thead><tbody>${rows}
  <tr class="subtotal"><td colspan="3">${fill(escapeHtml(t.totalFor), { name: escapeHtml(e.name) })}</td>
    <td class="num">${e.break_minutes} ${escapeHtml(t.minutes)}</td><td class="num">${hours(e.hours)}</td>
    <td colspan="2">${surcharges}</td></tr>
</tbody></table>`;
  });
  return `<h2 class="section">${escapeHtml(t.hours)}</h2>${blocks.join('\n')}
<p class="notice"><strong>${escapeHtml(t.totalHours)}: ${hours(doc.total_hours)}</strong></p>`;
}

function materials(doc: ReportDocument, t: ReportTexts): string {
  if (doc.materials.length === 0) return '';
  const rows = doc.materials
    .map(
      (m) => `<tr><td>${formatDate(m.used_at)}</td><td class="designation">${escapeHtml(m.name)}</td>
    <td class="num">${formatNumber(m.quantity)}</td><td>${escapeHtml(m.unit)}</td><td>${escapeHtml(m.employee_name)}</td></tr>`,
    )
    .join('');
  return `<h2 class="section">${escapeHtml(t.materials)}</h2>
<table class="items"><thead><tr><th>${escapeHtml(t.date)}</th><th>${escapeHtml(t.material)}</th>
  <th class="num">${escapeHtml(t.quantity)}</th><th>${escapeHtml(t.unit)}</th><th>${escapeHtml(t.usedBy)}</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

function expenses(doc: ReportDocument, t: ReportTexts): string {
  if (doc.expenses.length === 0) return '';
  const rows = doc.expenses
    .map(
      (x) => `<tr><td>${formatDate(x.date)}</td><td class="designation">${escapeHtml(x.description)}</td>
    <td>${escapeHtml(t.categories[x.category] ?? x.category)}</td><td class="num">${formatChf(x.amount)}</td></tr>`,
    )
    .join('');
  return `<h2 class="section">${escapeHtml(t.expenses)}</h2>
<table class="items"><thead><tr><th>${escapeHtml(t.date)}</th><th>${escapeHtml(t.description)}</th>
  <th>${escapeHtml(t.category)}</th><th class="num">${escapeHtml(t.amount)}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function photos(doc: ReportDocument, t: ReportTexts): string {
  if (doc.images.length === 0) return '';
  const items = doc.images
    .map((i) => {
      const src = safeImageDataUrl(i.data_url);
      const picture = src ? `<img src="${src}" alt="">` : `<div class="placeholder">${escapeHtml(t.noPreview)}</div>`;
      return `<div class="photo">${picture}<div class="caption">${escapeHtml(i.filename)}</div></div>`;
    })
    .join('');
  return `<h2 class="section">${escapeHtml(t.photos)}</h2><div class="photos">${items}</div>`;
}

function signature(doc: ReportDocument, t: ReportTexts): string {
  const s = doc.signature;
  if (!s)
    return `<div class="signature-block"><h2 class="section">${escapeHtml(t.signature)}</h2><p>${escapeHtml(t.notSigned)}</p></div>`;
  const src = safeImageDataUrl(s.image_data_url);
  const origin = [s.ip, s.user_agent].filter(Boolean).join(' · ');
  return `<div class="signature-block"><h2 class="section">${escapeHtml(t.signature)}</h2>
${src ? `<img src="${src}" alt="">` : ''}
<table>
  <tr><td class="label">${escapeHtml(t.signedBy)}</td><td>${escapeHtml(s.name)}</td></tr>
  <tr><td class="label">${escapeHtml(t.email)}</td><td>${escapeHtml(s.email)}</td></tr>
  <tr><td class="label">${escapeHtml(t.signedAt)}</td><td>${formatDateTime(s.signed_at)}</td></tr>
  ${origin ? `<tr><td class="label">${escapeHtml(t.origin)}</td><td>${escapeHtml(origin)}</td></tr>` : ''}
  <tr><td class="label">${escapeHtml(t.seal)}</td><td>${escapeHtml(s.seal_sha256)}</td></tr>
</table></div>`;
}

/** Page footer: report number, the signing record with the seal prefix (once signed), page x of y. */
function footer(doc: ReportDocument, t: ReportTexts): string {
  const s = doc.signature;
  const left = [
    `${escapeHtml(t.report)} ${escapeHtml(doc.report.number)}`,
    escapeHtml(doc.company.name),
    s
      ? `${escapeHtml(t.signedBy)} ${escapeHtml(s.name)}, ${formatDateTime(s.signed_at)} · SHA-256 ${escapeHtml(
          s.seal_sha256.slice(0, 16),
        )}`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const pageText = fill(escapeHtml(layoutTexts(doc.language).page), {
    page: '<span class="pageNumber"></span>',
    pages: '<span class="totalPages"></span>',
  });
  return `<div style="${FOOTER_CSS}"><span>${left}</span><span style="white-space:nowrap">${pageText}</span></div>`;
}
