import type { PdfRenderJob, PdfRenderKind } from '@zunft/contracts';
import type { RenderableDocument } from './layout/index.js';
import { renderInvoiceHtml } from './invoice/index.js';
import { renderQuoteHtml } from './quote/index.js';
import { renderReportHtml } from './report/index.js';
import { renderReminderHtml } from './reminder/index.js';
import { renderCreditNoteHtml } from './credit-note/index.js';

/** The document of one kind, as the `pdf-render` job carries it. */
export type DocumentOfKind<K extends PdfRenderKind> = Extract<PdfRenderJob, { kind: K }>['document'];

/**
 * The document kinds the worker renders: one line per kind (its folder's render function). Typed by
 * the `pdf-render` job union in libs/contracts, so a kind added there and missing here (or the other
 * way round) does not compile.
 */
export const DOCUMENT_KINDS: { [K in PdfRenderKind]: (document: DocumentOfKind<K>) => RenderableDocument } = {
  quote: renderQuoteHtml,
  report: renderReportHtml,
  invoice: renderInvoiceHtml,
  reminder: renderReminderHtml,
  credit_note: renderCreditNoteHtml,
};

/** The HTML of a render job, by its kind. */
export function buildDocument(job: PdfRenderJob): RenderableDocument {
  const render = DOCUMENT_KINDS[job.kind] as (document: PdfRenderJob['document']) => RenderableDocument;
  return render(job.document);
}
