// A barcode as a fake camera stream (issue 29): Chromium's fake camera plays a Y4M file made here,
// an EAN-13 drawn bar by bar from the GS1 encoding tables. Shared by material-scan.spec.ts and
// material-offline.spec.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_VAR_DIR } from '../playwright.config.js';

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R = L.map((c) => [...c].map((b) => (b === '0' ? '1' : '0')).join(''));
const G = R.map((c) => [...c].reverse().join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 (1 = bar): start, six digits L/G by the first digit, centre, six R, end. */
function ean13Modules(code: string): string {
  const d = [...code].map(Number);
  const left = d
    .slice(1, 7)
    .map((n, i) => (PARITY[d[0]!]![i] === 'L' ? L[n] : G[n]))
    .join('');
  const right = d
    .slice(7)
    .map((n) => R[n])
    .join('');
  return `101${left}01010${right}101`;
}

/** A 640×480 YUV 4:2:0 video (Y4M, 10 frames) of the barcode, black bars on white. */
export function barcodeY4m(code: string): Buffer {
  const [w, h, module] = [640, 480, 5];
  const bars = ean13Modules(code);
  const x0 = Math.floor((w - bars.length * module) / 2);
  const luma = Buffer.alloc(w * h, 235);
  for (let y = 90; y < 390; y++)
    for (let i = 0; i < bars.length; i++)
      if (bars[i] === '1') luma.fill(16, y * w + x0 + i * module, y * w + x0 + (i + 1) * module);
  const chroma = Buffer.alloc((w / 2) * (h / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]);
}

/** Writes the code's video under the stack's var directory and answers the browser's launch options. */
export function fakeCameraLaunchOptions(code: string) {
  const video = path.resolve(import.meta.dirname, '..', '..', E2E_VAR_DIR, `barcode-${code}.y4m`);
  mkdirSync(path.dirname(video), { recursive: true });
  writeFileSync(video, barcodeY4m(code));
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  };
}
