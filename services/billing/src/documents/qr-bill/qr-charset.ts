/*
 * The character set of the Swiss QR code (SIX IG QR-bill 2.3, 4.1.1).
 *
 * Reading: IG 2.3 permits Basic Latin (U+0020–U+007E), Latin-1 Supplement (U+00A0–U+00FF), Latin
 * Extended-A (U+0100–U+017F), Ș ș Ț ț (U+0218–U+021B) and € (U+20AC); `isQrText` checks that.
 * Writing: we produce only Basic Latin and the Latin-1 letters and signs every bank accepted before
 * 2.3 as well (the extended set only became mandatory for receivers in November 2025, banks still
 * reject it in the wild): any other letter is transliterated (ő → o, ł → l, œ → oe, € → EUR),
 * emoji, control and formatting characters (RTL marks, zero-width joiners, variation selectors)
 * are dropped, every run of whitespace (tab, line break, no-break and narrow no-break space)
 * becomes one space, and the text is cut to its field length on a word boundary.
 */

const READ_PERMITTED = /^[\u0020-\u007E\u00A0-\u017F\u0218-\u021B\u20AC]*$/;

/** True when every character of `value` is permitted in a QR bill field (IG 2.3). */
export const isQrText = (value: string): boolean => READ_PERMITTED.test(value);

/** What we write: Basic Latin plus the Latin-1 Supplement's signs and letters (no controls). */
const isWritable = (cp: number) => (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa1 && cp <= 0xff && cp !== 0xad);

/** Letters and signs without a decomposition into a base letter plus accents. */
const SPECIAL: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ĳ: 'ij',
  Ĳ: 'IJ',
  ĸ: 'k',
  ŀ: 'l',
  Ŀ: 'L',
  ŉ: 'n',
  ŋ: 'n',
  Ŋ: 'N',
  œ: 'oe',
  Œ: 'OE',
  ſ: 's',
  ŧ: 't',
  Ŧ: 'T',
  ƒ: 'f',
  ș: 's',
  Ș: 'S',
  ț: 't',
  Ț: 'T',
  '€': 'EUR',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
  '‹': '<',
  '›': '>',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '…': '...',
  '•': '-',
  '·': '.',
  '™': 'TM',
  '℅': 'c/o',
  '№': 'No',
};

const WHITESPACE = /[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/u;
/** Dropped without trace: controls, format characters (RTL marks, ZWJ, BOM), emoji and their modifiers. */
const DROPPED = /[\p{Cc}\p{Cf}\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\p{M}\uFE00-\uFE0F]/u;

/** One character (code point) in the written set, or '' when it has no equivalent. */
function mapChar(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (isWritable(cp)) return ch;
  if (WHITESPACE.test(ch)) return ' ';
  if (DROPPED.test(ch)) return '';
  const special = SPECIAL[ch];
  if (special !== undefined) return special;
  // ő → o + ◌̋ → o; ﬁ → fi; full-width Ａ → A (compatibility decomposition), marks removed.
  const base = ch
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split('')
    .filter((c) => isWritable(c.codePointAt(0)!))
    .join('');
  return base;
}

export interface QrTextResult {
  value: string;
  /** Characters were transliterated, dropped or whitespace collapsed (beyond trimming the ends). */
  replaced: boolean;
  /** The text was longer than the field and was cut. */
  shortened: boolean;
}

/** Cuts `text` to `max` characters at the last space within the limit (hard cut if there is none). */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  const cut = space > 0 ? head.slice(0, space) : text.slice(0, max);
  return cut.trimEnd();
}

/**
 * A user's text as one QR bill field: mapped into the permitted characters, whitespace runs → one
 * space, trimmed, cut to `max` on a word boundary. Works on code points, so an emoji or a
 * surrogate pair is never split.
 */
export function toQrText(input: string, max: number): QrTextResult {
  let mapped = '';
  for (const ch of input.normalize('NFC')) mapped += mapChar(ch);
  const value = mapped.replace(/ {2,}/g, ' ').trim();
  const replaced = value !== input.trim();
  const cut = cutAtWord(value, max);
  return { value: cut, replaced, shortened: cut.length < value.length };
}
