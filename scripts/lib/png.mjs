// A PNG file from raw pixel rows (8 bits per channel, no interlace): the demo data's receipt photo
// and the browser tests' large photo are made with it, without an image library.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG colour types this encoder writes. */
export const PNG_GREYSCALE = 0;
export const PNG_RGB = 2;

function chunk(type, data) {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([size, typed, crc]);
}

/**
 * `raw` holds every row with its filter byte first (0: none). `level` is zlib's (default: zlib's
 * default; 1 is fast for large noisy images).
 */
export function encodePng(width, height, colourType, raw, { level } = {}) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8); // 8 bit, colour type, deflate, no filter method, no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, level === undefined ? {} : { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
