/** CSS of the quote kind only (the accepted-by box with the customer's signature). */
export const QUOTE_CSS = `
.acceptance { margin-top: 6mm; padding: 2.5mm 4mm; border: 0.5pt solid #9aa3ad; border-radius: 1.5mm; break-inside: avoid; page-break-inside: avoid;
  display: flex; justify-content: space-between; align-items: flex-end; gap: 6mm; }
.acceptance .accepted-by { font-weight: 600; overflow-wrap: anywhere; align-self: center; }
.acceptance .signature { width: 62mm; flex: none; }
.acceptance img { display: block; max-width: 60mm; max-height: 16mm; object-fit: contain; }
.acceptance .signature-line { margin-top: 0.5mm; border-top: 0.3pt solid #777; font-size: 7.5pt; color: #555; padding-top: 0.5mm; }
`;
