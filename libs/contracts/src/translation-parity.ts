/**
 * Key parity of translation catalogues (de, fr, it): every key that exists in one language must
 * exist in all the others, and a text's placeholders (`{{name}}` for i18next, `{name}` for the
 * document templates) must be the same in every language. Used by the key-parity specs of every
 * app and of the server-side document texts, so a key added in German only fails `npm test`.
 */

/** Dotted paths of every leaf (a string, or anything that is not a plain object) of a catalogue. */
export function translationKeys(catalogue: unknown, prefix = ''): string[] {
  if (!isPlainObject(catalogue)) return prefix ? [prefix] : [];
  const keys: string[] = [];
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value)) keys.push(...translationKeys(value, path));
    else keys.push(path);
  }
  return keys;
}

/**
 * For each language the keys that another language has and it lacks (sorted), only languages that
 * miss something. `{}` means full parity, so `expect(findMissingTranslationKeys(...)).toEqual({})`
 * lists the missing keys per language when it fails.
 */
export function findMissingTranslationKeys(catalogues: Record<string, unknown>): Record<string, string[]> {
  const keysByLanguage = Object.fromEntries(
    Object.entries(catalogues).map(([language, catalogue]) => [language, new Set(translationKeys(catalogue))]),
  );
  const allKeys = new Set(Object.values(keysByLanguage).flatMap((keys) => [...keys]));
  const missing: Record<string, string[]> = {};
  for (const [language, keys] of Object.entries(keysByLanguage)) {
    const lacking = [...allKeys].filter((key) => !keys.has(key)).sort();
    if (lacking.length > 0) missing[language] = lacking;
  }
  return missing;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}|\{(\w+)\}/g;

/** The placeholder names a text uses (`{{name}}`, `{{count, number}}`, `{page}`), sorted, unique. */
export function translationPlaceholders(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1] ?? match[2] ?? '');
  return [...names].sort();
}

/**
 * Keys whose placeholders differ between the reference language and another one, as
 * `"<language>: <key> (<reference placeholders> ≠ <placeholders>)"`. Keys missing in a language
 * are left to findMissingTranslationKeys.
 */
export function findPlaceholderMismatches(catalogues: Record<string, unknown>, reference = 'de'): string[] {
  const referenceTexts = leafTexts(catalogues[reference]);
  const mismatches: string[] = [];
  for (const [language, catalogue] of Object.entries(catalogues)) {
    if (language === reference) continue;
    for (const [key, text] of leafTexts(catalogue)) {
      const referenceText = referenceTexts.get(key);
      if (referenceText === undefined) continue;
      const expected = translationPlaceholders(referenceText).join(',');
      const actual = translationPlaceholders(text).join(',');
      if (expected !== actual) mismatches.push(`${language}: ${key} ({${expected}} ≠ {${actual}})`);
    }
  }
  return mismatches.sort();
}

function leafTexts(catalogue: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (!isPlainObject(catalogue)) return into;
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value)) leafTexts(value, path, into);
    else if (typeof value === 'string') into.set(path, value);
  }
  return into;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
