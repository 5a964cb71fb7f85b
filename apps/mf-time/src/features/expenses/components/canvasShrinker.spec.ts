import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { shrinkWithCanvas } from './canvasShrinker';

// jsdom has neither createImageBitmap nor a canvas: these fakes record what the shrinker asks of
// the browser. The decisions themselves are tested in receiptShrink.spec.ts.

const OPTIONS = { maxSide: 2000, quality: 0.8 };
const photo = () => new File([new Uint8Array(1000)], 'IMG_1.jpg', { type: 'image/jpeg' });

const restores: (() => void)[] = [];
/** Replaces a property of a global object (globalThis, URL) until the test ends. */
function stub(target: object, name: string, value: unknown) {
  const had = Object.prototype.hasOwnProperty.call(target, name);
  const before = (target as Record<string, unknown>)[name];
  (target as Record<string, unknown>)[name] = value;
  restores.push(() => {
    if (had) (target as Record<string, unknown>)[name] = before;
    else delete (target as Record<string, unknown>)[name];
  });
}
const stubGlobal = (name: string, value: unknown) => stub(globalThis, name, value);
afterEach(() => {
  for (const restore of restores.splice(0).reverse()) restore();
  jest.restoreAllMocks();
});

/** A 2d context that logs its calls. */
function fakeContext(log: unknown[]) {
  return {
    set fillStyle(value: string) {
      log.push(['fillStyle', value]);
    },
    set imageSmoothingEnabled(_: boolean) {},
    set imageSmoothingQuality(_: string) {},
    fillRect: (...args: unknown[]) => log.push(['fillRect', ...args]),
    drawImage: (...args: unknown[]) => log.push(['drawImage', ...args]),
  };
}

class FakeBitmap {
  closed = false;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  close() {
    this.closed = true;
  }
}

describe('shrinkWithCanvas (browser part)', () => {
  it('createImageBitmap upright by EXIF, scaled onto an OffscreenCanvas on white, JPEG 0.8', async () => {
    const log: unknown[] = [];
    const bitmap = new FakeBitmap(3024, 4032);
    const createImageBitmap = jest.fn<(file: Blob, options: ImageBitmapOptions) => Promise<FakeBitmap>>(
      async () => bitmap,
    );
    stubGlobal('createImageBitmap', createImageBitmap);
    stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {
          log.push(['canvas', width, height]);
        }
        getContext = () => fakeContext(log);
        convertToBlob = async (options: { type: string; quality: number }) => {
          log.push(['encode', options]);
          return new Blob(['jpeg'], { type: options.type });
        };
      },
    );
    const file = photo();
    const result = await shrinkWithCanvas(file, OPTIONS);
    expect(createImageBitmap).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(log).toEqual([
      ['canvas', 1500, 2000],
      ['fillStyle', '#fff'],
      ['fillRect', 0, 0, 1500, 2000],
      ['drawImage', bitmap, 0, 0, 1500, 2000],
      ['encode', { type: 'image/jpeg', quality: 0.8 }],
    ]);
    expect(result?.type).toBe('image/jpeg');
    expect(bitmap.closed).toBe(true);
  });

  it('falls back to <img> and <canvas> when createImageBitmap fails; frees the object URL', async () => {
    const log: unknown[] = [];
    stubGlobal('createImageBitmap', async () => {
      throw new TypeError("The provided value 'from-image' is not a valid enum value");
    });
    stubGlobal('OffscreenCanvas', undefined);
    const createObjectURL = jest.fn(() => 'blob:receipt');
    const revokeObjectURL = jest.fn();
    stub(URL, 'createObjectURL', createObjectURL);
    stub(URL, 'revokeObjectURL', revokeObjectURL);
    class FakeImage {
      naturalWidth = 1200;
      naturalHeight = 900;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        log.push(['src', url]);
        setTimeout(() => this.onload?.(), 0);
      }
    }
    stubGlobal('Image', FakeImage);
    jest
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => fakeContext(log) as unknown as CanvasRenderingContext2D);
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback: BlobCallback,
      type?: string,
      quality?: unknown,
    ) {
      log.push(['toBlob', this.width, this.height, type, quality]);
      callback(new Blob(['jpeg'], { type }));
    });

    const result = await shrinkWithCanvas(photo(), OPTIONS);
    expect(result?.type).toBe('image/jpeg');
    // Smaller than 2000 px: drawn at its own size, not enlarged.
    expect(log).toEqual([
      ['src', 'blob:receipt'],
      ['fillStyle', '#fff'],
      ['fillRect', 0, 0, 1200, 900],
      ['drawImage', expect.any(FakeImage), 0, 0, 1200, 900],
      ['toBlob', 1200, 900, 'image/jpeg', 0.8],
    ]);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:receipt');
  });

  it('a picture no decoder reads gives null (the caller sends the original)', async () => {
    stubGlobal('createImageBitmap', async () => {
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    });
    const revokeObjectURL = jest.fn();
    stub(URL, 'createObjectURL', () => 'blob:broken');
    stub(URL, 'revokeObjectURL', revokeObjectURL);
    stubGlobal(
      'Image',
      class {
        onerror: (() => void) | null = null;
        set src(_: string) {
          setTimeout(() => this.onerror?.(), 0);
        }
      },
    );
    expect(await shrinkWithCanvas(photo(), OPTIONS)).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:broken');
  });
});
