import { inflateRawSync } from 'node:zlib';

/** A ZIP archive starts with a local file header. */
export const isZip = (data: Buffer): boolean => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

export class ZipError extends Error {}

/**
 * The files of a ZIP archive as banks send several bank files in one (stored or deflated entries,
 * read through the central directory; no ZIP64, no encryption). Directories are skipped. At most
 * `maxBytes` are inflated in all, so a ZIP bomb stops early.
 */
export function zipEntries(data: Buffer, maxBytes: number): Array<{ name: string; data: Buffer }> {
  // End of central directory: the last 22 bytes, or earlier behind a comment (up to 64 KiB).
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65_535); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('no end of central directory');
  const count = data.readUInt16LE(eocd + 10);
  let p = data.readUInt32LE(eocd + 16);
  const files: Array<{ name: string; data: Buffer }> = [];
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > data.length || data.readUInt32LE(p) !== 0x02014b50) throw new ZipError('bad central directory');
    const flags = data.readUInt16LE(p + 8);
    const method = data.readUInt16LE(p + 10);
    const compressed = data.readUInt32LE(p + 20);
    const size = data.readUInt32LE(p + 24);
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const commentLength = data.readUInt16LE(p + 32);
    const local = data.readUInt32LE(p + 42);
    const name = data.subarray(p + 46, p + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    p += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (flags & 0x1) throw new ZipError('encrypted entry');
    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) throw new ZipError('bad local header');
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + compressed);
    total += size;
    if (total > maxBytes) throw new ZipError('archive too large');
    let content: Buffer;
    if (method === 0) content = Buffer.from(raw);
    else if (method === 8) {
      try {
        content = inflateRawSync(raw, { maxOutputLength: Math.max(1, maxBytes - total + size) });
      } catch {
        throw new ZipError('entry cannot be inflated');
      }
    } else throw new ZipError(`compression method ${method}`);
    files.push({ name, data: content });
  }
  return files;
}
