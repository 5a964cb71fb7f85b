import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { cpuTimer, zeroPng } from '../testing/png-bomb.js';
import { readImageHeader, reencodeImage, reencodeSignaturePng } from './images.js';

describe('images', () => {
  it('reads the header only: the 8000×8000 bomb is refused in milliseconds with the German 400', async () => {
    const bomb = zeroPng(8000, 8000);
    const cpu = cpuTimer();
    await expect(readImageHeader(bomb)).rejects.toMatchObject({
      status: 400,
      code: 'image_too_many_pixels',
      message: 'Das Bild hat zu viele Pixel (höchstens 40 Megapixel).',
    });
    expect(cpu()).toBeLessThan(200); // CPU time, not wall time: the machine may be busy
    // Under a higher cap the same header passes: 64,000,000 pixels.
    expect(await readImageHeader(bomb, { maxPixels: 64_000_000 })).toEqual({
      format: 'png',
      width: 8000,
      height: 8000,
      pages: 1,
    });
  });

  it('counts every frame of an animation against the cap: 3 frames of 100×100 are 30,000 pixels', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 100, height: 100, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#000'), await frame('#fff'), await frame('#000')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect(await readImageHeader(gif, { maxPixels: 30_000 })).toEqual({
      format: 'gif',
      width: 100,
      height: 100,
      pages: 3,
    });
    await expect(readImageHeader(gif, { maxPixels: 29_999 })).rejects.toMatchObject({ code: 'image_too_many_pixels' });
  });

  it('shrinks and re-encodes (never enlarges); not an image → null', async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const out = await reencodeImage(photo, { maxSide: 1200, format: 'jpeg' });
    expect(out && { contentType: out.contentType, width: out.width, height: out.height }).toEqual({
      contentType: 'image/jpeg',
      width: 1200,
      height: 800,
    });
    const small = await reencodeImage(zeroPng(10, 5), { maxSide: 1200, format: 'png' });
    expect([small?.width, small?.height, small?.contentType]).toEqual([10, 5, 'image/png']);
    expect(await reencodeImage(Buffer.from('kein Bild'), { maxSide: 100, format: 'png' })).toBeNull();
    // A PNG libpng reads with a warning (the e2e reports' photo) decodes as before.
    const flawed = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await reencodeImage(flawed, { maxSide: 320, format: 'jpeg' }))?.width).toBe(2);
  });

  it('signatures: PNG only (magic bytes and header), at most 1200 px', async () => {
    const wide = await sharp({ create: { width: 2400, height: 600, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const png = await reencodeSignaturePng(`data:image/png;base64,${wide.toString('base64')}`);
    const meta = await sharp(png!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 300]);
    const jpeg = await sharp(wide).jpeg().toBuffer();
    expect(await reencodeSignaturePng(`data:image/png;base64,${jpeg.toString('base64')}`)).toBeNull();
  });
});
