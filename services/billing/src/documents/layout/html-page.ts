import type { Language } from '@zunft/contracts';
import { DOCUMENT_CSP, DOCUMENT_CSS } from './document-styles.js';
import { escapeHtml } from './escape-html.js';

/**
 * The whole HTML page of a document: CSP (nothing loads from anywhere), the shared CSS plus the
 * kind's own (`kindCss`, trusted constant text), the body (already escaped HTML).
 */
export function htmlPage(input: { language: Language; title: string; body: string; kindCss?: string }): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(input.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">
<title>${escapeHtml(input.title)}</title>
<style>${DOCUMENT_CSS}${input.kindCss ?? ''}</style>
</head>
<body>${input.body}
</body>
</html>`;
}

/** A safe PDF file name from a label and a number: "Angebot-A-2026-0001.pdf". */
export function pdfFilename(label: string, number: string): string {
  const safe = `${label}-${number}`.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/-+/g, '-');
  return `${safe}.pdf`;
}
