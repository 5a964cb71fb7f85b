/**
 * A4 page geometry shared by the templates (absolute positions on the first page) and the PDF
 * renderer (page margins). Millimetres.
 */
export const PAGE_MARGIN_MM = { top: 12, right: 15, bottom: 18, left: 20 } as const;

/**
 * Recipient address in the left window of a Swiss C5 envelope: 20 mm from the left edge,
 * about 50 mm from the top, 85 × 40 mm.
 */
export const ADDRESS_WINDOW_MM = { top: 50, left: 20, width: 85, height: 40 } as const;

/** What a template produces; the renderer prints it. */
export interface RenderableDocument {
  /** Full HTML page (self-contained: inline CSS, images as data: URLs). */
  html: string;
  /** Chromium footer template (page numbers via `pageNumber`/`totalPages` classes), printed in the bottom margin. */
  footerHtml?: string;
  /** Suggested file name of the PDF. */
  filename: string;
}
