import jsQRModule from 'jsqr';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';

const run = promisify(execFile);
// jsqr is CommonJS: TypeScript sees the module object, the runtime may hand over the function itself.
type JsQr = typeof jsQRModule.default;
const jsQR: JsQr = (jsQRModule as unknown as { default?: JsQr }).default ?? (jsQRModule as unknown as JsQr);

/**
 * The QR code of a PDF's last page, decoded independently of our encoder: poppler renders the
 * payment part's QR area (67–113 mm × 209–255 mm of the A4 page, with a margin) at 200 dpi and
 * jsQR reads it. Returns the payload's text, or null when the last page has no QR code.
 */
export async function decodeLastPageQr(pdf: Buffer): Promise<string | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'zunft-qr-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdfinfo', [file]);
    const pages = /^Pages:\s+(\d+)/m.exec(stdout)![1]!;
    const px = (mm: number) => String(Math.round((mm * 200) / 25.4));
    await run('pdftoppm', [
      ...['-f', pages, '-l', pages, '-r', '200'],
      ...['-x', px(62), '-y', px(200), '-W', px(60), '-H', px(64)],
      ...['-png', '-singlefile', file, path.join(dir, 'qr')],
    ]);
    const png = PNG.sync.read(await readFile(path.join(dir, 'qr.png')));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
