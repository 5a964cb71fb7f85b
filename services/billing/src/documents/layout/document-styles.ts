import { ADDRESS_WINDOW_MM, PAGE_MARGIN_MM } from './page-layout.js';

const FONT = `'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif`;

/** Nothing may be loaded from anywhere but the document itself (defence in depth, the renderer blocks too). */
export const DOCUMENT_CSP = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:`;

/** Base CSS of all business documents (A4 letter, Swiss layout: letterhead, items table, totals, text blocks). */
export const DOCUMENT_CSS = `
@page { size: A4; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: ${FONT}; font-size: 9.5pt; line-height: 1.35; color: #1f2328; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.letterhead { position: relative; height: ${ADDRESS_WINDOW_MM.top - PAGE_MARGIN_MM.top + ADDRESS_WINDOW_MM.height - 4}mm; }
.brand { position: absolute; top: 0; left: 0; max-width: 80mm; }
.brand img { display: block; max-width: 60mm; max-height: 20mm; object-fit: contain; }
.brand .brand-name { font-size: 15pt; font-weight: 700; letter-spacing: 0.2pt; }
.sender { position: absolute; top: 0; right: 0; width: 80mm; text-align: right; font-size: 8.5pt; line-height: 1.4; color: #444; }
.sender .sender-name { font-weight: 700; color: #1f2328; font-size: 9.5pt; }
.recipient { position: absolute; top: ${ADDRESS_WINDOW_MM.top - PAGE_MARGIN_MM.top}mm; left: ${ADDRESS_WINDOW_MM.left - PAGE_MARGIN_MM.left}mm;
  width: ${ADDRESS_WINDOW_MM.width}mm; height: ${ADDRESS_WINDOW_MM.height}mm; overflow: hidden; font-size: 10pt; line-height: 1.4; }
.recipient .return-line { font-size: 6.5pt; color: #666; border-bottom: 0.3pt solid #999; padding-bottom: 0.5mm; margin-bottom: 2mm;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.recipient .recipient-name { font-weight: 700; }
.meta { position: absolute; top: ${ADDRESS_WINDOW_MM.top - PAGE_MARGIN_MM.top + 6}mm; right: 0; width: 62mm; font-size: 9pt; }
.meta table { width: 100%; border-collapse: collapse; }
.meta td { padding: 0.6mm 0; vertical-align: top; }
.meta td.label { color: #555; width: 28mm; }
.meta td.value { text-align: right; overflow-wrap: anywhere; }
h1 { font-size: 15pt; margin: 0 0 1.5mm; font-weight: 700; }
.subject { font-size: 11pt; font-weight: 600; margin: 0 0 2mm; overflow-wrap: anywhere; }
.intro { margin: 0 0 4mm; overflow-wrap: anywhere; }
table.items { width: 100%; border-collapse: collapse; margin-top: 2mm; }
table.items th { font-size: 8.5pt; font-weight: 700; text-align: left; border-bottom: 0.8pt solid #1f2328; padding: 1.2mm 1.5mm; white-space: nowrap; }
table.items td { padding: 1.4mm 1.5mm; border-bottom: 0.3pt solid #cfd4da; vertical-align: top; }
table.items tr { break-inside: avoid; page-break-inside: avoid; }
table.items .num { text-align: right; white-space: nowrap; }
table.items .pos { width: 9mm; color: #555; }
table.items .designation { overflow-wrap: anywhere; }
table.items .item-description { color: #555; font-size: 8.5pt; margin-top: 0.6mm; }
table.items .empty { color: #777; font-style: italic; text-align: center; }
.totals { margin-left: auto; width: 88mm; margin-top: 4mm; break-inside: avoid; page-break-inside: avoid; }
.totals table { width: 100%; border-collapse: collapse; }
.totals td { padding: 0.9mm 1.5mm; }
.totals td.amount { text-align: right; white-space: nowrap; }
.totals tr.strong td { border-top: 0.5pt solid #1f2328; font-weight: 600; }
.totals tr.grand td { border-top: 0.8pt solid #1f2328; border-bottom: 2pt double #1f2328; font-weight: 700; font-size: 11pt; padding-top: 1.5mm; padding-bottom: 1.5mm; }
.text-block { margin-top: 5mm; break-inside: avoid; page-break-inside: avoid; overflow-wrap: anywhere; }
.text-block h2 { font-size: 9.5pt; margin: 0 0 1mm; }
.text-block p { margin: 0; }
`;

/** Footer template styles: Chromium renders the footer in its own context with a tiny default font. */
export const FOOTER_CSS = `font-family: ${FONT}; font-size: 7pt; color: #666; width: 100%;
  margin: 0 ${PAGE_MARGIN_MM.right}mm 0 ${PAGE_MARGIN_MM.left}mm; display: flex; justify-content: space-between; gap: 4mm;`;
