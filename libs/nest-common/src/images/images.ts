import { serverMessage } from '@zunft/contracts';
import type { Sharp, SharpOptions } from 'sharp';
import { DomainError } from '../errors/domain.error.js';

/**
 * Every uploaded image (logo, receipt photo, report photo, signature) goes through here: first the
 * header only (format, width, height: no pixel is decoded), refused above `maxPixels` with a German
 * 400; then decoded, shrunk and re-encoded by sharp, whose libvips work runs on libuv's thread pool,
 * off the request thread. What is stored for documents (and handed to the PDF renderer) is only ever
 * the re-encoded image.
 */

/** The default pixel cap of an upload (40 MP: a 48 MP phone photo is 8064×6048 = 48.8 MP → refused; 12 MP passes). */
export const IMAGE_MAX_PIXELS = 40_000_000;

export class ImageError extends DomainError {}

export const ImageErrors = {
  tooManyPixels: (maxPixels: number) =>
    new ImageError(
      'image_too_many_pixels',
      serverMessage('image_too_many_pixels', { max: Math.floor(maxPixels / 1_000_000) }),
      400,
    ),
};

/** Formats sharp reads from a header. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif' | 'avif' | 'tiff' | 'svg' | 'other';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  /** Frames (animated GIF/WebP, multi-page TIFF); 1 otherwise. */
  pages: number;
}

let sharpModule: Promise<typeof import('sharp').default> | null = null;
/** sharp is loaded on first use, so services that never see an image do not load libvips. */
async function loadSharp(): Promise<typeof import('sharp').default> {
  sharpModule ??= import('sharp').then((m) => {
    // At most two libvips threads per image: several uploads at once share the machine's cores.
    m.default.concurrency(2);
    return m.default;
  });
  return sharpModule;
}

const FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff', 'svg'];

/**
 * Reads the header only. Returns null when sharp does not recognise the data as an image; throws
 * the German 400 `image_too_many_pixels` when width × height × frames exceeds `maxPixels`.
 */
export async function readImageHeader(data: Buffer, opts: { maxPixels?: number } = {}): Promise<ImageHeader | null> {
  const sharp = await loadSharp();
  let meta;
  try {
    meta = await sharp(data, { failOn: 'none', limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if (!meta.width || !meta.height) return null;
  const format = (FORMATS as readonly string[]).includes(meta.format ?? '') ? (meta.format as ImageFormat) : 'other';
  const pages = Math.max(1, meta.pages ?? 1);
  const maxPixels = opts.maxPixels ?? IMAGE_MAX_PIXELS;
  if (meta.width * meta.height * pages > maxPixels) throw ImageErrors.tooManyPixels(maxPixels);
  return { format, width: meta.width, height: meta.height, pages };
}

export interface ReencodeOptions {
  /** Longest side after shrinking (never enlarged). */
  maxSide: number;
  /** jpeg: flattened on white; png: keeps transparency (signatures). */
  format: 'jpeg' | 'png';
  /** JPEG quality (default 80). */
  quality?: number;
  maxPixels?: number;
}

export interface ReencodedImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** The header of the upload. */
  source: ImageHeader;
}

/**
 * Header check, then decode (first frame only), turn upright by EXIF, shrink and re-encode. Returns
 * null when the data is not an image sharp can decode (the caller answers with its own German 400
 * or keeps a generic thumbnail); throws `image_too_many_pixels` above the cap.
 */
export async function reencodeImage(data: Buffer, opts: ReencodeOptions): Promise<ReencodedImage | null> {
  const maxPixels = opts.maxPixels ?? IMAGE_MAX_PIXELS;
  const source = await readImageHeader(data, { maxPixels });
  if (!source) return null;
  const sharp = await loadSharp();
  try {
    // failOn none: a photo with a minor flaw (e.g. a bad CRC that browsers show) still decodes, as before.
    const options: SharpOptions = { failOn: 'none', limitInputPixels: maxPixels, sequentialRead: true };
    let image: Sharp = sharp(data, options)
      .rotate()
      .resize(opts.maxSide, opts.maxSide, { fit: 'inside', withoutEnlargement: true });
    image =
      opts.format === 'jpeg'
        ? image.flatten({ background: '#ffffff' }).jpeg({ quality: opts.quality ?? 80, mozjpeg: true })
        : image.png({ compressionLevel: 9, palette: false });
    const { data: out, info } = await image.toBuffer({ resolveWithObject: true });
    return {
      data: out,
      contentType: opts.format === 'jpeg' ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
      source,
    };
  } catch {
    return null;
  }
}

/** Longest side of a stored signature: a PDF prints it a few centimetres wide. */
export const SIGNATURE_MAX_SIDE = 1200;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A signature PNG (data URL or base64) for storage and the PDF: a PNG by its magic bytes and its
 * header, at most 40 MP by the header (an 8000×8000 "bomb" of a few KB is refused with the German
 * 400 before decoding), decoded and re-encoded as a PNG of at most 1200 px. Null: not a decodable
 * PNG (the caller answers with its own German 400).
 */
export async function reencodeSignaturePng(dataUrl: string): Promise<Buffer | null> {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (png.length < PNG_MAGIC.length || !png.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return null;
  const image = await reencodeImage(png, { maxSide: SIGNATURE_MAX_SIDE, format: 'png' });
  if (!image || image.source.format !== 'png') return null;
  return image.data;
}

/** Per-channel min/max of a (small, re-encoded) image, e.g. to refuse an empty signature. */
export async function imageChannelRanges(data: Buffer): Promise<{ min: number; max: number }[]> {
  const sharp = await loadSharp();
  const stats = await sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS }).stats();
  return stats.channels.map((c) => ({ min: c.min, max: c.max }));
}
