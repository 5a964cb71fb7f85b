export { buildDocument, DOCUMENT_KINDS, type DocumentOfKind } from './document-kinds.js';
export * from './layout/index.js';
export { quotePdfFilename, renderQuoteHtml } from './quote/index.js';
