import { EXPENSE_LIMITS } from '@zunft/contracts';
import { receiptFileError } from './expenseHelpers';

/*
 * Receipt photos are shrunk in the browser before the upload: field employees send them from
 * phones with bad reception, and a 4–6 MB camera picture at 0.5 Mbit/s takes longer than a
 * minute. 2000 px on the longest side keeps a till slip readable at a fraction of the size.
 *
 * This file holds the decisions (which files, what size, keep or not, name, size limit); the pixel
 * work is an injected `ImageShrinker` (canvasShrinker.ts in the browser, a fake in tests, since
 * jsdom has no canvas). Shrinking is an optimisation: whatever goes wrong, the user's own file is
 * sent unchanged.
 *
 * The 10 MB limit (part 2 §5) applies to the file that is SENT: a 12 MB photo that shrinks to
 * 1 MB is accepted. Before shrinking, images may therefore be larger (up to SHRINK_INPUT_MAX_BYTES,
 * so a phone does not try to decode something absurd); PDFs and every other file keep the 10 MB
 * check on choosing. After shrinking the full check runs again on the result.
 */

export interface ShrinkOptions {
  /** Longest side of the result in px; smaller pictures are never enlarged. */
  maxSide: number;
  /** JPEG quality, 0..1. */
  quality: number;
}

/**
 * Decodes a picture and re-encodes it as JPEG no larger than `maxSide` (see `fitWithin`). Returns
 * null (or throws) when it cannot; the caller then sends the original.
 */
export type ImageShrinker = (file: File, options: ShrinkOptions) => Promise<Blob | null>;

export const SHRINK_OPTIONS: ShrinkOptions = { maxSide: 2000, quality: 0.8 };
/** Pictures up to this size are shrunk first and only then held to the 10 MB limit. */
export const SHRINK_INPUT_MAX_BYTES = 40 * 1024 * 1024;
/** Below this a re-encode saves a second or two at most and only costs quality. */
export const SHRINK_MIN_BYTES = 256 * 1024;
/** A decode that hangs (seen with <img> on some devices) must not block saving. */
export const SHRINK_TIMEOUT_MS = 20_000;

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];
const IMAGE_TYPES = ['image/jpeg', 'image/png'];

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/**
 * JPEG and PNG pictures, by the same rule as `receiptFileError`: the name's extension, or the
 * type when a camera hands over a name without extension. PDFs are never touched.
 */
export function isShrinkableImage(file: Pick<File, 'name' | 'type'>): boolean {
  const extension = extensionOf(file.name);
  return IMAGE_EXTENSIONS.includes(extension) || (extension === '' && IMAGE_TYPES.includes(file.type));
}

/** The check when a receipt is chosen: images may still be over 10 MB, they are shrunk on saving. */
export function receiptChoiceError(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  return receiptFileError(file, isShrinkableImage(file) ? SHRINK_INPUT_MAX_BYTES : EXPENSE_LIMITS.receiptMaxBytes);
}

/** Size that fits `maxSide` on the longest side, same aspect ratio, never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 'IMG_1234.PNG' → 'IMG_1234.jpg'; a name without picture extension gets '.jpg' appended. */
export function jpegFileName(name: string): string {
  const extension = extensionOf(name);
  const base = IMAGE_EXTENSIONS.includes(extension) ? name.slice(0, -(extension.length + 1)) : name;
  return `${base.trim() || 'beleg'}.jpg`;
}

/** The re-encoded picture if it is a non-empty JPEG smaller than the original, else the original. */
export function keepSmaller(original: File, candidate: Blob | null | undefined): File {
  if (!candidate || candidate.type !== 'image/jpeg' || candidate.size === 0 || candidate.size >= original.size)
    return original;
  return new File([candidate], jpegFileName(original.name), {
    type: 'image/jpeg',
    lastModified: original.lastModified,
  });
}

/**
 * The file to upload: a smaller JPEG of a picture, or the chosen file itself (PDF, small picture,
 * a picture that cannot be decoded, a shrink that fails, hangs or does not help).
 */
export async function prepareReceipt(
  file: File,
  shrink: ImageShrinker,
  { options = SHRINK_OPTIONS, timeoutMs = SHRINK_TIMEOUT_MS }: { options?: ShrinkOptions; timeoutMs?: number } = {},
): Promise<File> {
  if (!isShrinkableImage(file) || file.size < SHRINK_MIN_BYTES || file.size > SHRINK_INPUT_MAX_BYTES) return file;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    return keepSmaller(file, await Promise.race([shrink(file, options), timeout]));
  } catch {
    return file;
  } finally {
    clearTimeout(timer);
  }
}
