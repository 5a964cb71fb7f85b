const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * Escapes text for HTML element content and quoted attribute values. Every user-provided value
 * that goes into a document template passes through here (or through `escapeMultiline`).
 * null/undefined become ''.
 */
export function escapeHtml(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[&<>"'`]/g, (ch) => HTML_ESCAPES[ch] as string);
}

/** Escapes text and keeps its line breaks (addresses, notes, terms). */
export function escapeMultiline(value: unknown): string {
  return escapeHtml(value).replace(/\r\n?/g, '\n').split('\n').join('<br>');
}

/**
 * Only `data:image/...;base64,` URLs may be used as image sources; anything else (http:, file:,
 * javascript:, or a broken value) is dropped. The result is attribute-safe.
 */
export function safeImageDataUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]+$/i.test(value) ? escapeHtml(value) : null;
}
