export { quotePdfFilename, renderQuoteHtml } from './quote.document.js';
export { QUOTE_TEXTS, quoteTexts, type QuoteTexts } from './quote.texts.js';
