/**
 * Counts the pages of a PDF without a PDF library: Chromium (Skia) writes every page as an
 * uncompressed `/Type /Page` dictionary. Falls back to the page tree's largest `/Count`.
 */
export function countPdfPages(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  if (pages > 0) return pages;
  let max = 0;
  for (const match of text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)) {
    max = Math.max(max, Number(match[1]));
  }
  return max;
}
