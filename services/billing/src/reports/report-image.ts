import { fileTypeFromBuffer } from 'file-type';
import { REPORT_LIMITS } from '@zunft/contracts';
import { imageChannelRanges, readImageHeader, reencodeImage, reencodeSignaturePng } from '@zunft/nest-common';
import { ReportErrors } from './reports.errors.js';

/** The part of multer's file object the service uses. */
export interface UploadedImage {
  originalname: string;
  size: number;
  buffer: Buffer;
}

export interface CheckedImage {
  filename: string;
  contentType: string;
  data: Buffer;
  /** 320 px JPEG for lists; null when the image cannot be decoded (a generic thumbnail is shown). */
  thumbnail: Buffer | null;
  /** ≤ 1200 px JPEG for the PDF; null like `thumbnail`. */
  print: Buffer | null;
}

export const THUMBNAIL_PX = 320;
export const PRINT_PX = 1200;

/**
 * Multer hands over multipart file names as latin1; browsers send UTF-8. Decode, drop path parts
 * and control characters, keep at most 255 characters.
 */
export function cleanFilename(raw: string, fallbackExt: string): string {
  let name = raw;
  const utf8 = Buffer.from(raw, 'latin1').toString('utf8');
  if (!utf8.includes('\uFFFD')) name = utf8;
  name = (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}"]/gu, '').trim();
  return (name || `foto.${fallbackExt}`).slice(0, 255);
}

/**
 * Checks an uploaded photo: at most 15 MB, an image by its content (file-type: JPEG, PNG, WebP,
 * GIF, HEIC/HEIF, AVIF, TIFF, BMP …; the name and the browser's type are not trusted). Makes the
 * print version (and from it the thumbnail) with sharp, turned upright by EXIF, after a header-only
 * pixel check (`readImageHeader`, 40 MP). Images sharp cannot decode
 * (HEIC with the HEVC codec: the prebuilt libvips has no HEVC decoder) are kept as they are, with
 * no thumbnail (the UI and the PDF show a generic one).
 */
export async function checkImage(file: UploadedImage): Promise<CheckedImage> {
  if (file.size > REPORT_LIMITS.imageMaxBytes || file.buffer.length > REPORT_LIMITS.imageMaxBytes)
    throw ReportErrors.imageTooLarge();
  if (file.buffer.length === 0) throw ReportErrors.notAnImage();
  const type = await fileTypeFromBuffer(file.buffer);
  if (!type || !type.mime.startsWith('image/')) throw ReportErrors.notAnImage();
  // Header first (German 400 above the pixel cap, before any pixel is decoded), then both versions
  // re-encoded on libvips' threads; the PDF only ever gets the re-encoded print version.
  // The upload is decoded once: the thumbnail is made from the print version.
  await readImageHeader(file.buffer);
  const print = await reencodeImage(file.buffer, { maxSide: PRINT_PX, format: 'jpeg', quality: 80 });
  const thumbnail = print && (await reencodeImage(print.data, { maxSide: THUMBNAIL_PX, format: 'jpeg', quality: 75 }));
  return {
    filename: cleanFilename(file.originalname ?? '', type.ext),
    contentType: type.mime,
    data: file.buffer,
    thumbnail: thumbnail?.data ?? null,
    print: print?.data ?? null,
  };
}

/**
 * The report signature PNG: a real PNG (magic bytes and decodable), at most 1 MB and 40 MP, not
 * empty (not fully transparent and not one single colour). Returns the re-encoded PNG (≤ 1200 px).
 */
export async function checkSignaturePng(dataUrl: string): Promise<Buffer> {
  const raw = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (raw.length > REPORT_LIMITS.signatureMaxBytes) throw ReportErrors.signatureInvalid();
  const png = await reencodeSignaturePng(dataUrl);
  if (!png) throw ReportErrors.signatureInvalid();
  const channels = await imageChannelRanges(png);
  const alpha = channels.length === 4 || channels.length === 2 ? channels[channels.length - 1] : null;
  const colour = alpha ? channels.slice(0, -1) : channels;
  const transparent = alpha !== null && alpha !== undefined && alpha.max === 0;
  const uniform = colour.every((c) => c.min === c.max) && (!alpha || alpha.min === alpha.max);
  if (transparent || uniform) throw ReportErrors.signatureEmpty();
  return png;
}
