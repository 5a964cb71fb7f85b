import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { REPORT_LIMITS } from '@zunft/contracts';
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
 * thumbnail and the print version with sharp, turned upright by EXIF. Images sharp cannot decode
 * (HEIC with the HEVC codec: the prebuilt libvips has no HEVC decoder) are kept as they are, with
 * no thumbnail (the UI and the PDF show a generic one).
 */
export async function checkImage(file: UploadedImage): Promise<CheckedImage> {
  if (file.size > REPORT_LIMITS.imageMaxBytes || file.buffer.length > REPORT_LIMITS.imageMaxBytes)
    throw ReportErrors.imageTooLarge();
  if (file.buffer.length === 0) throw ReportErrors.notAnImage();
  const type = await fileTypeFromBuffer(file.buffer);
  if (!type || !type.mime.startsWith('image/')) throw ReportErrors.notAnImage();
  const [thumbnail, print] = await Promise.all([
    resize(file.buffer, THUMBNAIL_PX, 75),
    resize(file.buffer, PRINT_PX, 80),
  ]);
  return {
    filename: cleanFilename(file.originalname ?? '', type.ext),
    contentType: type.mime,
    data: file.buffer,
    thumbnail,
    print,
  };
}

async function resize(data: Buffer, px: number, quality: number): Promise<Buffer | null> {
  try {
    return await sharp(data, { failOn: 'none', limitInputPixels: 100_000_000 })
      .rotate()
      .resize(px, px, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
  } catch {
    return null;
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The signature PNG: a real PNG (magic bytes and decodable), at most 1 MB, not empty (not fully
 * transparent and not one single colour).
 */
export async function checkSignaturePng(dataUrl: string): Promise<Buffer> {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (png.length > REPORT_LIMITS.signatureMaxBytes) throw ReportErrors.signatureInvalid();
  if (png.length < PNG_MAGIC.length || !png.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
    throw ReportErrors.signatureInvalid();
  let stats: Awaited<ReturnType<ReturnType<typeof sharp>['stats']>>;
  try {
    const image = sharp(png, { failOn: 'error', limitInputPixels: 25_000_000 });
    const meta = await image.metadata();
    if (meta.format !== 'png') throw new Error('not png');
    stats = await image.stats();
  } catch {
    throw ReportErrors.signatureInvalid();
  }
  const channels = stats.channels;
  const alpha = channels.length === 4 || channels.length === 2 ? channels[channels.length - 1] : null;
  const colour = alpha ? channels.slice(0, -1) : channels;
  const transparent = alpha !== null && alpha !== undefined && alpha.max === 0;
  const uniform = colour.every((c) => c.min === c.max) && (!alpha || alpha.min === alpha.max);
  if (transparent || uniform) throw ReportErrors.signatureEmpty();
  return png;
}
