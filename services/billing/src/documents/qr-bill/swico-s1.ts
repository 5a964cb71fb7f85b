/*
 * Swico S1 bill information (SIX «Syntaxdefinition der Rechnungsinformationen (S1) bei der
 * QR-Rechnung», v1.3): the line after EPD, `//S1` then tags with values, each `/<tag>/<value>`.
 * A `/` or `\` inside a value is escaped with `\`. The tags we write:
 *   /10/ invoice number, /11/ invoice date YYMMDD, /30/ the supplier's UID without CHE and
 *   punctuation (9 digits), /32/ VAT: `rate:net` pairs separated by `;` (net = the amount the
 *   rate applies to), /40/ payment terms: `discount%:days`, here `0:<days>` (net within days).
 */

export interface SwicoS1 {
  invoiceNumber?: string;
  /** yyyy-MM-dd */
  invoiceDate?: string;
  /** Any form of the UID: `CHE-123.456.789 MWST` → `123456789`. */
  uid?: string;
  vat?: Array<{ rate: number; net: number }>;
  /** Days net (no discount). */
  paymentTermsDays?: number;
}

const escape = (value: string) => value.replace(/[\\/]/g, (c) => `\\${c}`);

/** A number as S1 writes it: dot, no thousands separator, no trailing zeros (8.1, 739.2, 1000). */
const num = (n: number) => String(Math.round(n * 100) / 100);

/** The UID's 9 digits, or null when the text holds no Swiss UID. */
export function uidDigits(uid: string | null | undefined): string | null {
  const m = /CHE[-\s.]?(\d{3})[.\s]?(\d{3})[.\s]?(\d{3})/i.exec(uid ?? '');
  return m ? m[1]! + m[2]! + m[3]! : null;
}

/** The S1 string, tags in ascending order; absent parts are left out. */
export function swicoS1(s: SwicoS1): string {
  let out = '//S1';
  if (s.invoiceNumber) out += `/10/${escape(s.invoiceNumber)}`;
  if (s.invoiceDate) out += `/11/${s.invoiceDate.slice(2, 4)}${s.invoiceDate.slice(5, 7)}${s.invoiceDate.slice(8, 10)}`;
  const uid = uidDigits(s.uid);
  if (uid) out += `/30/${uid}`;
  if (s.vat && s.vat.length > 0) out += `/32/${s.vat.map((v) => `${num(v.rate)}:${num(v.net)}`).join(';')}`;
  if (s.paymentTermsDays !== undefined) out += `/40/0:${s.paymentTermsDays}`;
  return out;
}

/** Tags and their (unescaped) values of an S1 string; throws when it is not S1. */
export function parseSwicoS1(value: string): Map<string, string> {
  if (!value.startsWith('//S1/')) throw new Error('keine Swico-S1-Rechnungsinformation');
  const tags = new Map<string, string>();
  let i = 4; // at the '/' before the first tag
  while (i < value.length) {
    const m = /^\/(\d{2})\//.exec(value.slice(i));
    if (!m) throw new Error(`S1: Tag erwartet bei Position ${i}`);
    i += m[0].length;
    let v = '';
    while (i < value.length && value[i] !== '/') {
      if (value[i] === '\\' && i + 1 < value.length) i++;
      v += value[i];
      i++;
    }
    tags.set(m[1]!, v);
  }
  return tags;
}

/** The S1 fields back as values (for tests and for reading a supplier's bill). */
export function readSwicoS1(value: string): SwicoS1 {
  const t = parseSwicoS1(value);
  const date = t.get('11');
  const vat = t.get('32');
  const terms = t.get('40');
  return {
    ...(t.has('10') ? { invoiceNumber: t.get('10')! } : {}),
    ...(date ? { invoiceDate: `20${date.slice(0, 2)}-${date.slice(2, 4)}-${date.slice(4, 6)}` } : {}),
    ...(t.has('30') ? { uid: t.get('30')! } : {}),
    ...(vat
      ? {
          vat: vat.split(';').map((pair) => {
            const [rate, net] = pair.split(':');
            return { rate: Number(rate), net: Number(net ?? NaN) };
          }),
        }
      : {}),
    ...(terms
      ? {
          paymentTermsDays: Number(
            terms
              .split(';')
              .find((p) => p.startsWith('0:'))
              ?.slice(2),
          ),
        }
      : {}),
  };
}
