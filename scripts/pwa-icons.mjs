// Renders the PWA icons of the shell from its SVG logo (apps/shell/public/favicon.svg) with sharp:
// 192/512 px "any" icons (the rounded logo on transparent ground), 192/512 px "maskable" icons
// (full-bleed blue square, the logo's glyph inside the 80 % safe zone) and the 180 px
// apple-touch-icon. The PNGs are committed; run this again after changing the logo:
//   node scripts/pwa-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { root } from './lib/bootstrap.mjs';

const publicDir = path.join(root, 'apps/shell/public');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const outDir = path.join(publicDir, 'icons');

/** The logo without its rounded background, scaled into the maskable safe zone on a full square. */
function maskableSvg() {
  const inner = logo
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<rect width="64" height="64"[^>]*\/>/, '');
  // Safe zone: a circle of 80 % diameter in the centre. The glyph's box (x 18..54, y 10..46) fits at 62 %.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1f5fae"/><g transform="translate(32 32) scale(0.62) translate(-36 -28)">${inner}</g></svg>`;
}

async function render(svg, size, file) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
  console.log(`${file} (${size}×${size})`);
}

await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(maskableSvg(), 192, 'icon-maskable-192.png');
await render(maskableSvg(), 512, 'icon-maskable-512.png');
await render(maskableSvg(), 180, 'apple-touch-icon.png');
