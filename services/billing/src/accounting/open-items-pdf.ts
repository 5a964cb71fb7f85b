import { Injectable } from '@nestjs/common';
import { AGING_BUCKETS, type AccessTokenClaims, type Language, type OpenItemsResponse } from '@zunft/contracts';
import { one, pdfBytes, pdfFooter, PdfTable, TenantScope } from '@zunft/nest-common';
import PDFDocument from 'pdfkit';
import { DataSource } from 'typeorm';
import { CompanyQuotas } from '../quotas/index.js';
import { AccountingService } from './accounting.service.js';
import { OPEN_ITEMS_TEXTS } from './journal-texts.js';

const MARGIN = 40;
const ROW = 15;
// A4 portrait: 595 − 2 × 40 = 515 pt
const WIDTHS = [70, 130, 55, 55, 40, 35, 70, 30, 30] as const;
const RIGHT_ALIGNED = [4, 5, 6];
const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const amount = (n: number) => n.toLocaleString('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The open items as PDF for the year-end closing (OR 958c: the receivables in the balance sheet
 * must be documented): A4, a row per invoice, the table header on every page, totals per currency
 * with the aging buckets and the customers' credit balances, page numbers. pdfkit writes it in
 * memory (no worker needed: text only, a few hundred rows render in milliseconds).
 */
export function renderOpenItemsPdf(list: OpenItemsResponse, company: string, language: Language): Promise<Buffer> {
  const t = OPEN_ITEMS_TEXTS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${t.title} ${swissDate(list.date)}`, Producer: 'Zunft' },
  });
  const done = pdfBytes(doc);
  const table = new PdfTable(doc, {
    margin: MARGIN,
    row: ROW,
    widths: WIDTHS,
    rightAligned: RIGHT_ALIGNED,
    header: t.columns.slice(0, 8),
  });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`${t.title} ${swissDate(list.date)}`, MARGIN, table.y);
  doc.font('Helvetica').fontSize(10).text(`${t.company}: ${company}`);
  table.y = doc.y + 12;
  table.header();
  for (const i of list.items) {
    table.needRoom(ROW);
    table.cells([
      i.invoice_number,
      i.customer_name,
      swissDate(i.invoice_date),
      swissDate(i.due_date),
      String(i.days_overdue),
      String(i.reminder_level),
      amount(i.open_amount),
      i.currency,
    ]);
  }
  for (const tot of list.totals) {
    table.needRoom(ROW * 8);
    table.y += 6;
    table.cells([t.total, '', '', '', '', '', amount(tot.open), tot.currency], true);
    for (const b of AGING_BUCKETS)
      table.cells(['', t.buckets[b], '', '', '', '', amount(tot.buckets[b]), tot.currency]);
    if (tot.credit_balances) table.cells(['', t.credits, '', '', '', '', amount(-tot.credit_balances), tot.currency]);
  }
  pdfFooter(doc, MARGIN, (page, pages) => `${company} · ${t.title} ${swissDate(list.date)} · ${t.page(page, pages)}`);
  doc.end();
  return done;
}

@Injectable()
export class OpenItemsPdf {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounting: AccountingService,
    private readonly quotas: CompanyQuotas,
  ) {}

  async render(actor: AccessTokenClaims, date?: string): Promise<{ filename: string; pdf: Buffer }> {
    const list = await this.accounting.openItems(actor, date);
    // a PDF render like the worker's (issue 25): counts against the day's renders, German 429 beyond
    await this.quotas.consumeRender(TenantScope.fromClaims(actor).companyId);
    const company = await one<{ name: string; language: string }>(
      this.dataSource.manager,
      `SELECT name, language FROM companies WHERE id = $1`,
      [TenantScope.fromClaims(actor).companyId],
    );
    const language: Language = company?.language === 'fr' || company?.language === 'it' ? company.language : 'de';
    return {
      filename: `offene-posten-${list.date}.pdf`,
      pdf: await renderOpenItemsPdf(list, company?.name ?? '', language),
    };
  }
}
