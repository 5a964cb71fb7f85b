export { ADDRESS_WINDOW_MM, PAGE_MARGIN_MM, type RenderableDocument } from './page-layout.js';
export { DOCUMENT_CSP, DOCUMENT_CSS, FOOTER_CSS } from './document-styles.js';
export { escapeHtml, escapeMultiline, safeImageDataUrl } from './escape-html.js';
export { htmlPage, pdfFilename } from './html-page.js';
export { fill, layoutTexts, type LayoutTexts } from './layout-texts.js';
export { letterhead, pageFooter, type LetterheadInput } from './letterhead.js';
export {
  formatAmount,
  formatChf,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  zurichToday,
} from './swiss-format.js';
