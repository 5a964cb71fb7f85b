import { describe, expect, it, jest } from '@jest/globals';
import {
  SHRINK_OPTIONS,
  fitWithin,
  isShrinkableImage,
  jpegFileName,
  keepSmaller,
  prepareReceipt,
  receiptChoiceError,
  type ImageShrinker,
} from './receiptShrink';

const MB = 1024 * 1024;
const fileOf = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
const jpegOf = (size: number, type = 'image/jpeg') => new Blob([new Uint8Array(size)], { type });

describe('receipt shrinking: decisions', () => {
  it('shrinks JPEG and PNG pictures (by extension, or by type without extension), never PDFs', () => {
    expect(isShrinkableImage({ name: 'IMG_1234.JPG', type: 'image/jpeg' })).toBe(true);
    expect(isShrinkableImage({ name: 'scan.jpeg', type: '' })).toBe(true);
    expect(isShrinkableImage({ name: 'screenshot.png', type: 'image/png' })).toBe(true);
    expect(isShrinkableImage({ name: 'image', type: 'image/jpeg' })).toBe(true);
    expect(isShrinkableImage({ name: 'image', type: 'image/heic' })).toBe(false);
    expect(isShrinkableImage({ name: 'quittung.pdf', type: 'application/pdf' })).toBe(false);
    expect(isShrinkableImage({ name: 'image', type: 'application/pdf' })).toBe(false);
  });

  it('on choosing, a picture may exceed 10 MB (it is shrunk on saving), a PDF may not', () => {
    expect(receiptChoiceError({ name: 'foto.jpg', size: 12 * MB, type: 'image/jpeg' })).toBeNull();
    expect(receiptChoiceError({ name: 'foto.jpg', size: 41 * MB, type: 'image/jpeg' })).toBe(
      'Der Beleg ist zu gross. Maximale Grösse: 10 MB',
    );
    expect(receiptChoiceError({ name: 'quittung.pdf', size: 10 * MB + 1, type: 'application/pdf' })).toBe(
      'Der Beleg ist zu gross. Maximale Grösse: 10 MB',
    );
    expect(receiptChoiceError({ name: 'foto.gif', size: 10, type: 'image/gif' })).toBe(
      'Ungültiger Dateityp. Erlaubt: JPG, PNG oder PDF',
    );
    expect(receiptChoiceError({ name: 'foto.jpg', size: 0, type: 'image/jpeg' })).toBe('Der Beleg ist leer');
  });

  it('fits the longest side into 2000 px, keeps the aspect ratio, never enlarges', () => {
    expect(fitWithin(4032, 3024, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(3000, 3000, 2000)).toEqual({ width: 2000, height: 2000 });
    expect(fitWithin(2000, 1000, 2000)).toEqual({ width: 2000, height: 1000 });
    expect(fitWithin(800, 600, 2000)).toEqual({ width: 800, height: 600 });
    // A very long strip (till slip) keeps at least one pixel across.
    expect(fitWithin(40000, 10, 2000)).toEqual({ width: 2000, height: 1 });
  });

  it('keeps the name, with .jpg', () => {
    expect(jpegFileName('IMG_1234.PNG')).toBe('IMG_1234.jpg');
    expect(jpegFileName('quittung.jpeg')).toBe('quittung.jpg');
    expect(jpegFileName('Beleg Hotel.v2.jpg')).toBe('Beleg Hotel.v2.jpg');
    expect(jpegFileName('image')).toBe('image.jpg');
    expect(jpegFileName('.png')).toBe('beleg.jpg');
  });

  it('uses the re-encoded picture only if it is a smaller, non-empty JPEG', () => {
    const original = fileOf('foto.png', 1000, 'image/png');
    const smaller = keepSmaller(original, jpegOf(400));
    expect([smaller.name, smaller.type, smaller.size]).toEqual(['foto.jpg', 'image/jpeg', 400]);
    expect(keepSmaller(original, jpegOf(1000))).toBe(original);
    expect(keepSmaller(original, jpegOf(1200))).toBe(original);
    expect(keepSmaller(original, jpegOf(0))).toBe(original);
    // A browser without JPEG encoder hands back PNG from toBlob.
    expect(keepSmaller(original, jpegOf(400, 'image/png'))).toBe(original);
    expect(keepSmaller(original, null)).toBe(original);
  });
});

describe('prepareReceipt', () => {
  const shrinkTo =
    (size: number): ImageShrinker =>
    async () =>
      jpegOf(size);

  it('sends a shrunk photo: 5 MB PNG → 600 KB JPEG, with 2000 px and quality 0.8', async () => {
    const shrink = jest.fn(shrinkTo(600 * 1024));
    const photo = fileOf('IMG_0815.png', 5 * MB, 'image/png');
    const sent = await prepareReceipt(photo, shrink);
    expect(shrink).toHaveBeenCalledWith(photo, SHRINK_OPTIONS);
    expect(SHRINK_OPTIONS).toEqual({ maxSide: 2000, quality: 0.8 });
    expect([sent.name, sent.type, sent.size]).toEqual(['IMG_0815.jpg', 'image/jpeg', 600 * 1024]);
  });

  it('sends the original: PDF, small picture, over-large picture, no gain', async () => {
    const shrink = jest.fn(shrinkTo(100));
    const pdf = fileOf('quittung.pdf', 5 * MB, 'application/pdf');
    expect(await prepareReceipt(pdf, shrink)).toBe(pdf);
    const small = fileOf('foto.jpg', 200 * 1024, 'image/jpeg');
    expect(await prepareReceipt(small, shrink)).toBe(small);
    const huge = fileOf('foto.jpg', 41 * MB, 'image/jpeg');
    expect(await prepareReceipt(huge, shrink)).toBe(huge);
    expect(shrink).not.toHaveBeenCalled();
    const photo = fileOf('foto.jpg', MB, 'image/jpeg');
    expect(await prepareReceipt(photo, shrinkTo(2 * MB))).toBe(photo);
  });

  it('a failing or hanging shrink is no error: the original is sent', async () => {
    const photo = fileOf('foto.jpg', 3 * MB, 'image/jpeg');
    expect(await prepareReceipt(photo, async () => null)).toBe(photo);
    expect(await prepareReceipt(photo, () => Promise.reject(new Error('decode failed')))).toBe(photo);
    expect(
      await prepareReceipt(photo, () => {
        throw new Error('no canvas');
      }),
    ).toBe(photo);
    expect(await prepareReceipt(photo, () => new Promise(() => undefined), { timeoutMs: 10 })).toBe(photo);
  });
});
