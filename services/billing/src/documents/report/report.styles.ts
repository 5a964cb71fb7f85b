/** CSS of the report PDF only (added to the shared DOCUMENT_CSS). */
export const REPORT_CSS = `
h2.section { font-size: 11pt; margin: 6mm 0 1.5mm; }
h3.employee { font-size: 10pt; margin: 4mm 0 1mm; }
.period-line { margin: 0 0 3mm; }
table.items tr.subtotal td { font-weight: 700; border-top: 0.6pt solid #1f2328; }
.notice { margin: 3mm 0; padding: 2mm 3mm; background: #f3f4f6; border-radius: 1.5mm; }
.photos { display: flex; flex-wrap: wrap; gap: 4mm; margin-top: 2mm; }
.photo { width: calc(50% - 2mm); break-inside: avoid; page-break-inside: avoid; }
.photo img { display: block; width: 100%; max-height: 80mm; object-fit: contain; background: #f6f7f8; }
.photo .placeholder { height: 40mm; display: flex; align-items: center; justify-content: center; background: #f3f4f6; color: #777; }
.photo .caption { font-size: 8pt; color: #555; margin-top: 1mm; overflow-wrap: anywhere; }
.signature-block { margin-top: 6mm; break-inside: avoid; page-break-inside: avoid; }
.signature-block img { display: block; max-width: 70mm; max-height: 30mm; border-bottom: 0.5pt solid #1f2328; margin-bottom: 1.5mm; }
.signature-block table td { padding: 0.5mm 3mm 0.5mm 0; vertical-align: top; font-size: 8.5pt; overflow-wrap: anywhere; }
.signature-block table td.label { color: #555; white-space: nowrap; }
`;
