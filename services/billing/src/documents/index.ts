import type { PdfRenderJob } from '@zunft/contracts';
import type { RenderableDocument } from './page-layout.js';
import { renderQuoteHtml } from './quote-template.js';

export { escapeHtml, escapeMultiline, safeImageDataUrl } from './escape-html.js';
export { PAGE_MARGIN_MM, type RenderableDocument } from './page-layout.js';
export { quotePdfFilename, renderQuoteHtml } from './quote-template.js';
export { formatAmount, formatChf, formatDate, formatDateTime, formatNumber, zurichToday } from './swiss-format.js';

/** The HTML of a render job, by document kind. */
export function buildDocument(job: PdfRenderJob): RenderableDocument {
  switch (job.kind) {
    case 'quote':
      return renderQuoteHtml(job.document);
  }
}
