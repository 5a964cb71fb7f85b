import { EXPENSE_LIMITS, EXPENSE_RECEIPT_EXTENSIONS, type ExpenseReceiptType } from '@zunft/contracts';
import { reencodeImage } from '@zunft/nest-common';
import { ExpenseErrors } from './expenses.errors.js';

/** The part of multer's file object the service uses. */
export interface UploadedReceipt {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** A receipt that passed the checks, ready to store. */
export interface ReceiptFile {
  filename: string;
  contentType: ExpenseReceiptType;
  size: number;
  data: Buffer;
}

const startsWith = (data: Buffer, signature: number[]) =>
  data.length >= signature.length && signature.every((byte, i) => data[i] === byte);

/**
 * The receipt's type from its first bytes (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, PDF "%PDF-").
 * The name and the browser's content type are not trusted: a text file named .png is refused.
 */
export function detectReceiptType(data: Buffer): ExpenseReceiptType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/**
 * Multer hands over multipart file names as latin1; browsers send UTF-8. Decode, drop path parts
 * and control characters, keep at most 255 characters.
 */
function cleanFilename(raw: string, contentType: ExpenseReceiptType): string {
  let name = raw;
  const utf8 = Buffer.from(raw, 'latin1').toString('utf8');
  if (!utf8.includes('\uFFFD')) name = utf8;
  name = (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}"]/gu, '').trim();
  return (name || `beleg.${EXPENSE_RECEIPT_EXTENSIONS[contentType]}`).slice(0, 255);
}

/** Longest side of a stored receipt photo: readable when printed on A4, far below a phone photo. */
export const RECEIPT_MAX_SIDE = 2500;

/**
 * Checks an uploaded receipt (size, type by content); German 400 errors otherwise. Photos (JPEG,
 * PNG) are checked by their header first (40 MP cap, German 400 before decoding), then decoded,
 * shrunk to at most 2500 px and re-encoded in their own format on libvips' threads; a "photo" that
 * does not decode is refused like any other wrong type. PDFs are kept as they are.
 */
export async function parseReceipt(file: UploadedReceipt): Promise<ReceiptFile> {
  if (file.size > EXPENSE_LIMITS.receiptMaxBytes || file.buffer.length > EXPENSE_LIMITS.receiptMaxBytes)
    throw ExpenseErrors.receiptTooLarge();
  if (file.buffer.length === 0) throw ExpenseErrors.receiptEmpty();
  const contentType = detectReceiptType(file.buffer);
  if (!contentType) throw ExpenseErrors.receiptBadType();
  let data = file.buffer;
  if (contentType !== 'application/pdf') {
    const format = contentType === 'image/png' ? 'png' : 'jpeg';
    const image = await reencodeImage(file.buffer, { maxSide: RECEIPT_MAX_SIDE, format, quality: 85 });
    if (!image || image.source.format !== format) throw ExpenseErrors.receiptBadType();
    data = image.data;
  }
  return {
    filename: cleanFilename(file.originalname ?? '', contentType),
    contentType,
    size: data.length,
    data,
  };
}

/** Download name: beleg-<expense date>.<ext>, e.g. beleg-2026-03-14.pdf. */
export const receiptDownloadName = (expenseDate: string, contentType: ExpenseReceiptType) =>
  `beleg-${expenseDate}.${EXPENSE_RECEIPT_EXTENSIONS[contentType]}`;
