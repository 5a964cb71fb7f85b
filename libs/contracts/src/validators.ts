/**
 * Swiss-specific validators shared by client and server.
 */

/** Normalises an IBAN for storage: no spaces, upper case. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616 mod-97 check of an already normalised IBAN. */
function ibanChecksumOk(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** A Swiss or Liechtenstein IBAN (CH/LI, 21 characters, valid check digits); QR-IBANs included. */
export function isSwissIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^(CH|LI)\d{2}\d{5}[0-9A-Z]{12}$/.test(iban)) return false;
  return ibanChecksumOk(iban);
}

/** A QR-IBAN: a Swiss/LI IBAN whose institution id (QR-IID) lies in 30000–31999. */
export function isQrIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!isSwissIban(iban)) return false;
  const iid = Number(iban.slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}

/** Formats an IBAN in groups of four for display: CH93 0076 2011 6238 5295 7. */
export function formatIban(value: string): string {
  return normalizeIban(value)
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

/**
 * Swiss VAT number: CHE-123.456.789 MWST (or TVA / IVA), with the UID check digit (eCH-0097:
 * weights 5,4,3,2,7,6,5,4 over the first eight digits, 11 − sum mod 11; 10 is never issued).
 */
export function isSwissVatNumber(value: string): boolean {
  const m = /^CHE-(\d{3})\.(\d{3})\.(\d{3}) (MWST|TVA|IVA)$/.exec(value.trim());
  if (!m) return false;
  const digits = (m[1]! + m[2]! + m[3]!).split('').map(Number);
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = weights.reduce((acc, w, i) => acc + w * digits[i]!, 0);
  let check = 11 - (sum % 11);
  if (check === 11) check = 0;
  if (check === 10) return false;
  return check === digits[8];
}
