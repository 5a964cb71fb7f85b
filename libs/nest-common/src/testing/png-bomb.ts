import { crc32, deflateSync } from 'node:zlib';

/**
 * An 8-bit greyscale PNG whose pixels are all 0, made with zlib (the layout of
 * scripts/lib/png.mjs, which sits outside the services' rootDir): 8000×8000 is 64 MP in a file of
 * about 62 KB, the "image bomb" of issue 25 for the upload tests of every service.
 */
export function zeroPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + typed.length);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 4 + typed.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc((width + 1) * height); // each row: filter byte 0, then zero pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * CPU time of this process (user + system, every thread: libvips' pool too) since the call, in ms,
 * for "is it cheap" checks that wall time on a busy machine cannot make.
 */
export function cpuTimer(): () => number {
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
}
