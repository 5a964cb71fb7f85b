import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * The QR code of the bill as ONE vector path. swissqrbill draws one <rect> per dark module (about
 * 1,800 rects, ~200 KB of SVG): building them took 30–250 ms in Node and laying them out was most
 * of Chromium's work for an invoice PDF. Here the dark modules of each row are merged into runs of
 * one path under a viewBox in module units, plus the Swiss cross (SIX IG QR-bill 2.3, 6.4.2.1:
 * 46 × 46 mm, cross 7 × 7 mm in the centre). The encoder is the one swissqrbill itself uses
 * (Nayuki's qrcodegen, bundled in swissqrbill; MIT) with swissqrbill's parameters: ECI 26 (UTF-8),
 * error correction M, version 10–25, so the modules are exactly those of swissqrbill's code.
 */

interface QrCodeMatrix {
  readonly size: number;
  getModule(x: number, y: number): boolean;
}
interface QrCodeGen {
  QrCode: {
    encodeSegments(
      segs: unknown[],
      ecl: unknown,
      minVersion: number,
      maxVersion: number,
      mask: number,
      boostEcl: boolean,
    ): QrCodeMatrix;
    Ecc: { MEDIUM: unknown };
  };
  QrSegment: { makeEci(value: number): unknown; makeSegments(text: string): unknown[] };
}

// swissqrbill does not export its encoder: load its bundled CommonJS build next to its SVG entry.
const require = createRequire(import.meta.url);
const generatorFile = path.join(path.dirname(require.resolve('swissqrbill/svg')), '../shared/qr-code-generator.cjs');
const { qrcodegen } = require(generatorFile) as { qrcodegen: QrCodeGen };

/** The QR code modules of a payload (SIX: UTF-8 with ECI 26, error correction M, version ≤ 25). */
export function qrMatrix(payload: string): QrCodeMatrix {
  const segments = [qrcodegen.QrSegment.makeEci(26), ...qrcodegen.QrSegment.makeSegments(payload)];
  return qrcodegen.QrCode.encodeSegments(segments, qrcodegen.QrCode.Ecc.MEDIUM, 10, 25, -1, false);
}

/** The dark modules as one path: per row, each run of dark modules is one rectangle. */
export function qrPathData(matrix: QrCodeMatrix): string {
  const n = matrix.size;
  let d = '';
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!matrix.getModule(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && matrix.getModule(x, y)) x++;
      d += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  }
  return d;
}

const SIZE_MM = 46;

/**
 * The QR code as a nested <svg> of 46 × 46 mm at (x, y) in the payment part: one path and the
 * Swiss cross (white 7 mm square, black 6 mm square, white bars 3.89 × 1.17 mm).
 */
export function qrCodeSvg(payload: string, x: string, y: string): string {
  const matrix = qrMatrix(payload);
  const n = matrix.size;
  const unit = n / SIZE_MM; // modules per mm
  const centred = (w: number, h: number, fill: string) => {
    const f = (v: number) => Number((v * unit).toFixed(4));
    return `<rect x="${f((SIZE_MM - w) / 2)}" y="${f((SIZE_MM - h) / 2)}" width="${f(w)}" height="${f(h)}" fill="${fill}"/>`;
  };
  return (
    `<svg class="qr-code" x="${x}" y="${y}" width="46mm" height="46mm" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges">` +
    `<path d="${qrPathData(matrix)}" fill="black"/>` +
    centred(7, 7, 'white') +
    centred(6, 6, 'black') +
    centred(3.89, 1.17, 'white') +
    centred(1.17, 3.89, 'white') +
    '</svg>'
  );
}
