import { fitWithin, type ImageShrinker } from './receiptShrink';

/*
 * The browser half of receiptShrink.ts: decode, scale, re-encode as JPEG. Every step may be
 * missing or fail on some browser; then it answers null and the original file is sent.
 */

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** createImageBitmap turns the picture upright by its EXIF orientation ('from-image'). */
async function decodeAsBitmap(file: Blob): Promise<Decoded | null> {
  if (typeof globalThis.createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  } catch {
    // Older engines know no 'from-image' or cannot decode this file: try <img>.
    return null;
  }
}

/** <img> applies the EXIF orientation by default (CSS image-orientation: from-image), drawImage too. */
async function decodeAsImage(file: Blob): Promise<Decoded | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('Bild nicht lesbar'));
      image.src = url;
    });
    if (!image.naturalWidth || !image.naturalHeight) throw new Error('Bild ohne Grösse');
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      release: () => URL.revokeObjectURL(url),
    };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

function draw(context: Context2D, picture: Decoded, width: number, height: number): void {
  // JPEG has no transparency: a PNG's transparent parts would turn black without a white ground.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture.source, 0, 0, width, height);
}

async function encodeJpeg(picture: Decoded, width: number, height: number, quality: number): Promise<Blob | null> {
  if (typeof globalThis.OffscreenCanvas === 'function') {
    try {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (context) {
        draw(context, picture, width, height);
        return await canvas.convertToBlob({ type: 'image/jpeg', quality });
      }
    } catch {
      // Fall through to a <canvas> element.
    }
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context, picture, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** The real `ImageShrinker`: createImageBitmap (else <img>), OffscreenCanvas (else <canvas>). */
export const shrinkWithCanvas: ImageShrinker = async (file, { maxSide, quality }) => {
  const picture = (await decodeAsBitmap(file)) ?? (await decodeAsImage(file));
  if (!picture) return null;
  try {
    const { width, height } = fitWithin(picture.width, picture.height, maxSide);
    return await encodeJpeg(picture, width, height, quality);
  } finally {
    picture.release();
  }
};
