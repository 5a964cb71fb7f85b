export { renderCreditNoteHtml } from './credit-note.document.js';
export { CREDIT_NOTE_TEXTS, creditNoteTexts, type CreditNoteTexts } from './credit-note.texts.js';
