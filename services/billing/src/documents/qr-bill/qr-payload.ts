import type { QrBillData } from '@zunft/contracts';
import { isQrIban, isValidQrr, isValidScor } from '../../invoices/payment-reference.js';
import { isQrText } from './qr-charset.js';

/*
 * The data of the Swiss QR code, field by field (SIX IG QR-bill 2.3, 4.3.3 "Data structure"):
 * `serializeQrPayload` writes the text encoded in the QR code, `parseQrPayload` reads one and
 * rejects what the IG does not allow (header, version 02xx, coding type 1, 31–34 lines, EPD
 * trailer, account, addresses, amount, currency, reference type against account, field lengths,
 * character set). Every SIX and library example of test/fixtures/qrbill/valid is read and written
 * back field for field; every one of test/fixtures/qrbill/invalid is rejected.
 */

/** One address block (7 fields): type S = structured; K = combined (legacy, read only). */
export interface QrPayloadAddress {
  type: 'S' | 'K';
  name: string;
  /** S: street; K: address line 1. */
  line1: string;
  /** S: building number; K: address line 2 (postcode and town). */
  line2: string;
  /** S: postcode; K: empty. */
  zip: string;
  /** S: town; K: empty. */
  city: string;
  country: string;
}

export interface QrPayload {
  /** "0200" (a later minor version such as "0201" is read as it is). */
  version: string;
  account: string;
  creditor: QrPayloadAddress;
  /** Two decimals ("1949.75"), or '' for a bill without amount. */
  amount: string;
  currency: 'CHF' | 'EUR';
  debtor: QrPayloadAddress | null;
  referenceType: 'QRR' | 'SCOR' | 'NON';
  reference: string;
  message: string;
  /** Bill information (Swico S1), line 32; null = the line is absent. */
  billInformation: string | null;
  alternativeSchemes: string[];
}

export class QrPayloadError extends Error {
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`QR-Code ungültig (${field}): ${detail}`);
  }
}

export const QR_FIELD_LENGTHS = {
  name: 70,
  street: 70,
  buildingNumber: 16,
  zip: 16,
  city: 35,
  message: 140,
  billInformation: 140,
  alternativeScheme: 100,
} as const;

/** Largest amount of a QR bill (IG 2.3: 0.01 … 999,999,999.99; 0.00 for a notification). */
export const QR_MAX_AMOUNT = 999_999_999.99;

const EMPTY_ADDRESS = ['', '', '', '', '', '', ''] as const;

const addressFields = (a: QrPayloadAddress | null): string[] =>
  a ? [a.type, a.name, a.line1, a.line2, a.zip, a.city, a.country] : [...EMPTY_ADDRESS];

/** The QR code's text: fields joined by LF (IG: CR+LF or LF), no separator after the last line. */
export function serializeQrPayload(p: QrPayload): string {
  const lines = [
    'SPC',
    p.version,
    '1',
    p.account,
    ...addressFields(p.creditor),
    ...EMPTY_ADDRESS, // ultimate creditor: reserved for future use
    p.amount,
    p.currency,
    ...addressFields(p.debtor),
    p.referenceType,
    p.reference,
    p.message,
    'EPD',
  ];
  if (p.billInformation !== null || p.alternativeSchemes.length > 0) lines.push(p.billInformation ?? '');
  lines.push(...p.alternativeSchemes);
  return lines.join('\n');
}

/** ISO 13616 check of a CH/LI IBAN (21 characters). */
function isValidChIban(iban: string): boolean {
  if (!/^(CH|LI)\d{2}[0-9A-Z]{17}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of code) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

function text(field: string, value: string, max: number, required = false): string {
  if (required && value.trim() === '') throw new QrPayloadError(field, 'fehlt');
  if (value.length > max) throw new QrPayloadError(field, `länger als ${max} Zeichen`);
  if (!isQrText(value)) throw new QrPayloadError(field, 'unerlaubtes Zeichen');
  return value;
}

function readAddress(field: string, f: string[], optional: boolean): QrPayloadAddress | null {
  if (optional && f.every((v) => v === '')) return null;
  const [type, name, line1, line2, zip, city, country] = f as [string, string, string, string, string, string, string];
  if (type !== 'S' && type !== 'K') throw new QrPayloadError(`${field}.type`, `Adresstyp «${type}» statt S oder K`);
  text(`${field}.name`, name, QR_FIELD_LENGTHS.name, true);
  if (!/^[A-Z]{2}$/.test(country)) throw new QrPayloadError(`${field}.country`, `Land «${country}» ist kein ISO-Code`);
  if (type === 'S') {
    text(`${field}.street`, line1, QR_FIELD_LENGTHS.street);
    text(`${field}.building_number`, line2, QR_FIELD_LENGTHS.buildingNumber);
    text(`${field}.zip`, zip, QR_FIELD_LENGTHS.zip, true);
    text(`${field}.city`, city, QR_FIELD_LENGTHS.city, true);
  } else {
    text(`${field}.line1`, line1, 70);
    text(`${field}.line2`, line2, 70, true);
    if (zip !== '' || city !== '') throw new QrPayloadError(field, 'Adresstyp K ohne Postleitzahl und Ort');
  }
  return { type, name, line1, line2, zip, city, country };
}

/** Reads a QR code's text; throws QrPayloadError naming the first field the IG does not allow. */
export function parseQrPayload(raw: string): QrPayload {
  const lines = raw.split(/\r\n|\n|\r/);
  if (lines.length > 31 && lines[lines.length - 1] === '' && /(\r\n|\n|\r)$/.test(raw)) lines.pop();
  if (lines[0] !== 'SPC') throw new QrPayloadError('qr_type', `«${lines[0]}» statt SPC`);
  if (!/^02\d\d$/.test(lines[1] ?? '')) throw new QrPayloadError('version', `«${lines[1]}» statt 02xx`);
  if (lines[2] !== '1') throw new QrPayloadError('coding_type', `«${lines[2]}» statt 1`);
  if (lines.length < 31 || lines.length > 34) throw new QrPayloadError('lines', `${lines.length} Zeilen statt 31–34`);
  if (lines[30] !== 'EPD') throw new QrPayloadError('trailer', `«${lines[30]}» statt EPD`);
  const l = lines as string[];

  const account = l[3]!;
  if (!isValidChIban(account)) throw new QrPayloadError('account', 'keine gültige IBAN aus CH oder LI');
  const creditor = readAddress('creditor', l.slice(4, 11), false)!;
  if (l.slice(11, 18).some((v) => v !== '')) throw new QrPayloadError('ultimate_creditor', 'muss leer sein');

  const amount = l[18]!;
  if (amount !== '' && (!/^\d{1,9}\.\d{2}$/.test(amount) || Number(amount) > QR_MAX_AMOUNT)) {
    throw new QrPayloadError('amount', `«${amount}» ist kein Betrag von 0.00 bis 999999999.99`);
  }
  const currency = l[19]!;
  if (currency !== 'CHF' && currency !== 'EUR') throw new QrPayloadError('currency', `«${currency}» statt CHF/EUR`);
  const debtor = readAddress('debtor', l.slice(20, 27), true);

  const referenceType = l[27]!;
  const reference = l[28]!;
  const qrIban = isQrIban(account);
  if (referenceType === 'QRR') {
    if (!qrIban) throw new QrPayloadError('reference_type', 'QRR nur mit QR-IBAN');
    if (!isValidQrr(reference) || /\s/.test(reference)) throw new QrPayloadError('reference', 'ungültige QR-Referenz');
  } else if (referenceType === 'SCOR') {
    if (qrIban) throw new QrPayloadError('reference_type', 'QR-IBAN verlangt QRR');
    if (!isValidScor(reference) || /\s/.test(reference))
      throw new QrPayloadError('reference', 'ungültige Creditor Reference');
  } else if (referenceType === 'NON') {
    if (qrIban) throw new QrPayloadError('reference_type', 'QR-IBAN verlangt QRR');
    if (reference !== '') throw new QrPayloadError('reference', 'NON ohne Referenz');
  } else {
    throw new QrPayloadError('reference_type', `«${referenceType}» statt QRR, SCOR oder NON`);
  }
  const message = text('message', l[29]!, QR_FIELD_LENGTHS.message);
  const billInformation = l.length > 31 ? text('bill_information', l[31]!, QR_FIELD_LENGTHS.billInformation) : null;
  if (message.length + (billInformation?.length ?? 0) > QR_FIELD_LENGTHS.message) {
    throw new QrPayloadError('bill_information', 'Mitteilung und Rechnungsinformationen zusammen über 140 Zeichen');
  }
  const alternativeSchemes = l
    .slice(32)
    .map((v, i) => text(`alternative_scheme_${i + 1}`, v, QR_FIELD_LENGTHS.alternativeScheme));
  return {
    version: l[1]!,
    account,
    creditor,
    amount,
    currency,
    debtor,
    referenceType,
    reference,
    message,
    billInformation,
    alternativeSchemes,
  };
}

const structured = (a: QrBillData['creditor']): QrPayloadAddress => ({
  type: 'S',
  name: a.name,
  line1: a.street,
  line2: a.building_number ?? '',
  zip: a.zip,
  city: a.city,
  country: a.country,
});

/** The payload of one of our bills (structured addresses, QRR for a QR-IBAN, else SCOR). */
export function qrPayloadOf(data: QrBillData): QrPayload {
  return {
    version: '0200',
    account: data.account,
    creditor: structured(data.creditor),
    amount: data.amount.toFixed(2),
    currency: data.currency,
    debtor: structured(data.debtor),
    referenceType: isQrIban(data.account) ? 'QRR' : 'SCOR',
    reference: data.reference,
    message: data.message,
    billInformation: data.bill_information ?? null,
    alternativeSchemes: [],
  };
}
