import type { Language } from '../common.js';

/**
 * A zod message (German, from the schemas of this package) in the user's language, for the web
 * forms: the same catalogue lookup the server does (`translateGermanMessage`). German comes back
 * unchanged without loading anything; for French and Italian the catalogue is imported on first
 * use, so a page that validates a form does not download the catalogue's texts up front (the
 * bundler puts server-messages and the catalogue into their own chunk).
 */
export async function translateValidationMessage(text: string, language: Language | string): Promise<string> {
  if (language !== 'fr' && language !== 'it') return text;
  const { translateGermanMessage } = await import('./server-messages.js');
  return translateGermanMessage(text, language);
}
