/**
 * Payment references of the Swiss QR bill (SIX Implementation Guidelines QR-bill 2.3):
 * - QRR: 27 digits, the last one a check digit computed modulo 10, recursive (used with a QR-IBAN);
 * - SCOR: ISO 11649 creditor reference `RF` + 2 check digits + up to 21 letters/digits,
 *   checked with ISO 7064 MOD 97-10 (used with a normal IBAN).
 * Inputs may carry spaces (printed groups); they are removed before checking.
 */

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5] as const;

/** The mod-10-recursive check digit of a string of digits. */
export function qrrCheckDigit(digits: string): number {
  if (!/^\d*$/.test(digits)) throw new Error('QR-Referenz: nur Ziffern erlaubt');
  let carry = 0;
  for (const ch of digits) carry = MOD10_TABLE[(carry + Number(ch)) % 10]!;
  return (10 - carry) % 10;
}

/** True for a valid QR reference: 27 digits (spaces ignored), correct check digit, not all zeros. */
export function isValidQrr(reference: string): boolean {
  const ref = reference.replace(/ /g, '');
  if (!/^\d{27}$/.test(ref) || /^0+$/.test(ref)) return false;
  return qrrCheckDigit(ref.slice(0, 26)) === Number(ref[26]);
}

/** A QR reference from up to 26 digits (left-padded with zeros) plus its check digit. */
export function makeQrr(base: string): string {
  const digits = base.replace(/ /g, '');
  if (!/^\d{1,26}$/.test(digits)) throw new Error('QR-Referenz: 1 bis 26 Ziffern erwartet');
  const body = digits.padStart(26, '0');
  return body + String(qrrCheckDigit(body));
}

/** ISO 7064 MOD 97-10 remainder of an alphanumeric string (letters A=10 … Z=35). */
function mod97(value: string): number {
  let rest = 0;
  for (const ch of value) {
    const code = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of code) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

const normalizeScor = (reference: string) => reference.replace(/ /g, '').toUpperCase();

/** True for a valid creditor reference: RF, check digits, 1–21 letters/digits; mod 97 = 1. */
export function isValidScor(reference: string): boolean {
  const ref = normalizeScor(reference);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref)) return false;
  const check = Number(ref.slice(2, 4));
  if (check < 2 || check > 98) return false;
  return mod97(ref.slice(4) + ref.slice(0, 4)) === 1;
}

/** The two ISO 11649 check digits for a reference body. */
export function scorCheckDigits(body: string): string {
  const b = normalizeScor(body);
  if (!/^[A-Z0-9]{1,21}$/.test(b)) throw new Error('Creditor Reference: 1 bis 21 Buchstaben oder Ziffern erwartet');
  return String(98 - mod97(`${b}RF00`)).padStart(2, '0');
}

/** `RF` + check digits + body. */
export function makeScor(body: string): string {
  const b = normalizeScor(body);
  return `RF${scorCheckDigits(b)}${b}`;
}

/** A reference as printed: QRR in groups 2+5×5, SCOR in groups of four. */
export function formatReference(reference: string): string {
  const ref = reference.replace(/ /g, '');
  if (/^\d{27}$/.test(ref)) return `${ref.slice(0, 2)} ${ref.slice(2).replace(/(\d{5})(?=\d)/g, '$1 ')}`;
  return ref.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * A QR-IBAN (CH/LI IBAN whose institution id, positions 5–9, lies in 30000–31999): it takes a
 * QR reference; any other IBAN takes a creditor reference.
 */
export function isQrIban(iban: string): boolean {
  const i = iban.replace(/ /g, '').toUpperCase();
  if (!/^(CH|LI)\d{2}/.test(i) || i.length !== 21) return false;
  const iid = Number(i.slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}

export type ReferenceType = 'QRR' | 'SCOR';

/**
 * The two possible references of an invoice, derived from its number (`RE-2026-0042` → digits
 * 2026 and 000042): unique within the company, the same on the invoice and on every reminder.
 * Which one is printed depends on the company's IBAN (QR-IBAN → QRR, otherwise SCOR); both are
 * stored so a payment is matched even after the IBAN changed.
 */
export function invoiceReferences(invoiceNumber: string): { qrr: string; scor: string } {
  const m = /^[A-Z]+-(\d{4})-(\d{1,12})$/.exec(invoiceNumber);
  if (!m) throw new Error(`Rechnungsnummer ohne Jahr und Laufnummer: ${invoiceNumber}`);
  const body = m[1]! + m[2]!.padStart(6, '0');
  return { qrr: makeQrr(body), scor: makeScor(body) };
}

/** The reference printed for an IBAN. */
export const referenceFor = (iban: string, refs: { qrr: string; scor: string }): string =>
  isQrIban(iban) ? refs.qrr : refs.scor;
