import { LANGUAGES, type Language } from '../common.js';
import { SERVER_MESSAGES, type ServerMessageKey } from './catalogue.js';

/** Parameters of a message: `{max}` in the text is filled in with `params.max`. */
export type ServerMessageParams = Readonly<Record<string, string | number>>;

/** A message by its catalogue key, translated when the answer is written (DomainError carries it). */
export interface ServerMessageRef {
  readonly key: ServerMessageKey;
  readonly params?: ServerMessageParams;
}

/** `serverMessage('forbidden')`: a reference to a catalogue message, for DomainError and friends. */
export function serverMessage(key: ServerMessageKey, params?: ServerMessageParams): ServerMessageRef {
  return params ? { key, params } : { key };
}

export function isServerMessageKey(key: unknown): key is ServerMessageKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(SERVER_MESSAGES, key);
}

export function isMessageLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** One language's view of the catalogue (`{ key: text }`), e.g. for the key-parity check. */
export function serverMessageCatalogue(language: Language): Record<ServerMessageKey, string> {
  const view = {} as Record<ServerMessageKey, string>;
  for (const [key, texts] of Object.entries(SERVER_MESSAGES)) view[key as ServerMessageKey] = texts[language];
  return view;
}

const TERM_PREFIX = 'term.';

/**
 * Parameters that carry what a user typed (a customer's or project's name, a title, a number): shown
 * as typed, never looked up as a term — a project called «Budget» or a material called «Material»
 * stays so in French and Italian.
 */
const USER_TEXT_PARAMS = new Set([
  'customer',
  'project',
  'material',
  'title',
  'description',
  'name',
  'employee',
  'invoiceNumber',
  'quoteNumber',
  'number',
  'file',
  'company',
  'other',
]);

/** A parameter that is a German term of the catalogue (a field label, a status) is translated too. */
function translateParam(name: string, value: string | number, language: Language): string {
  const text = String(value);
  if (language === 'de' || USER_TEXT_PARAMS.has(name)) return text;
  const terms = SERVER_MESSAGES as Record<string, { de: string; fr: string; it: string }>;
  const term = terms[TERM_PREFIX + text];
  if (term) return term[language];
  // A list of long labels (the QR-bill settings that are missing): each label found is translated.
  let translated = text;
  for (const [key, texts] of Object.entries(terms)) {
    if (key.startsWith(TERM_PREFIX) && texts.de.length >= 20)
      translated = translated.split(texts.de).join(texts[language]);
  }
  return translated;
}

/** The text of a catalogue message in `language`, its `{params}` filled in (unknown ones stay as they are). */
export function translateServerMessage(
  key: ServerMessageKey,
  language: Language = 'de',
  params?: ServerMessageParams,
): string {
  const template = SERVER_MESSAGES[key][language] ?? SERVER_MESSAGES[key].de;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : translateParam(name, params[name]!, language),
  );
}

// -------------------------------------------------------------------------------------------------
// German text → catalogue entry, for messages that arrive as German text only (zod schema messages,
// errors thrown with a literal): exact texts first, then the patterns, the most specific first.

interface Pattern {
  key: ServerMessageKey;
  names: string[];
  regex: RegExp;
  literalLength: number;
}

// (an ordinal like «Gebühr 1. Mahnung» may hold a dot after a digit)
const FIELD = '((?:[^:.!?"«»()]|(?<=\\d)\\.)+?)';
const ANY = '(.+?)';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let exactIndex: Map<string, ServerMessageKey> | undefined;
let patterns: Pattern[] | undefined;

function buildIndex(): void {
  exactIndex = new Map();
  patterns = [];
  for (const [key, texts] of Object.entries(SERVER_MESSAGES) as [ServerMessageKey, { de: string }][]) {
    if (key.startsWith(TERM_PREFIX)) continue;
    const names = [...texts.de.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.length === 0) {
      if (!exactIndex.has(texts.de)) exactIndex.set(texts.de, key);
      continue;
    }
    const parts = texts.de.split(/\{\w+\}/);
    // A field label never holds sentence punctuation: `Ungültige {field}` must not swallow zod's
    // 'Ungültige Eingabe: erwartet …'.
    const source = parts
      .map((part, i) => escapeRegExp(part) + (i < names.length ? (names[i] === 'field' ? FIELD : ANY) : ''))
      .join('');
    patterns.push({
      key,
      names,
      regex: new RegExp(`^${source}$`, 's'),
      literalLength: parts.join('').length,
    });
  }
  patterns.sort((a, b) => b.literalLength - a.literalLength);
}

/** The catalogue entry (and parameters) a German message was made from, if any. */
export function matchGermanMessage(text: string): ServerMessageRef | undefined {
  if (!exactIndex || !patterns) buildIndex();
  const exact = exactIndex!.get(text);
  if (exact) return { key: exact };
  for (const pattern of patterns!) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    pattern.names.forEach((name, i) => (params[name] = match[i + 1]!));
    return { key: pattern.key, params };
  }
  return undefined;
}

/** A German message in `language` when the catalogue knows it, else the German text unchanged. */
export function translateGermanMessage(text: string, language: Language): string {
  if (language === 'de') return text;
  const ref = matchGermanMessage(text);
  return ref ? translateServerMessage(ref.key, language, ref.params) : text;
}

// -------------------------------------------------------------------------------------------------
// The language of an answer.

/**
 * The best of de/fr/it an `Accept-Language` header asks for (q-values respected, `fr-CH` counts as
 * `fr`, `*` as German), or undefined when it names none of them.
 */
export function parseAcceptLanguage(header: string | readonly string[] | null | undefined): Language | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header as string | null | undefined);
  if (!value) return undefined;
  let best: { language: Language; q: number; index: number } | undefined;
  value.split(',').forEach((part, index) => {
    const [tag, ...attributes] = part.trim().split(';');
    const primary = tag?.trim().toLowerCase().split('-')[0];
    const language = primary === '*' ? 'de' : primary;
    if (!isMessageLanguage(language)) return;
    let q = 1;
    for (const attribute of attributes) {
      const [name, raw] = attribute.trim().split('=');
      if (name?.trim() === 'q') q = Number(raw);
    }
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    if (!best || q > best.q) best = { language, q, index };
  });
  return best?.language;
}

export interface MessageLanguageSources {
  /** Set by a public page for its customer (quote acceptance, Rapport signature): wins. */
  documentLanguage?: unknown;
  /** The signed-in user's language (token claim). */
  userLanguage?: unknown;
  /** The company's language (token claim), when the user has none. */
  companyLanguage?: unknown;
  acceptLanguage?: string | readonly string[] | null;
}

/** Customer's language on public pages, else the user's (token), else the company's, else Accept-Language, else de. */
export function resolveMessageLanguage(sources: MessageLanguageSources): Language {
  for (const candidate of [sources.documentLanguage, sources.userLanguage, sources.companyLanguage]) {
    if (isMessageLanguage(candidate)) return candidate;
  }
  return parseAcceptLanguage(sources.acceptLanguage) ?? 'de';
}
