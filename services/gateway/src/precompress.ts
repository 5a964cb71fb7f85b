// Writes .br and .gz siblings for the text assets of built frontends, once, at build time (max
// compression, zero CPU per request). The gateway serves them when the browser accepts them.
// Usage: node services/gateway/dist/precompress.js apps/shell/dist apps/mf-admin/dist
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Source maps are left out: only devtools fetch them, and maximum-quality brotli is slow on them.
const COMPRESSIBLE = new Set(['.js', '.mjs', '.cjs', '.css', '.html', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
/** Below this size the headers cost more than compression saves. */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytesIn: number;
  bytesBrotli: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function isFresh(target: string, sourceMtimeMs: number): Promise<boolean> {
  try {
    return (await stat(target)).mtimeMs >= sourceMtimeMs;
  } catch {
    return false;
  }
}

async function compressFile(file: string, result: PrecompressResult): Promise<void> {
  const info = await stat(file);
  if (info.size < MIN_BYTES) return;
  const brFile = `${file}.br`;
  const gzFile = `${file}.gz`;
  if ((await isFresh(brFile, info.mtimeMs)) && (await isFresh(gzFile, info.mtimeMs))) return;
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(brFile, br), writeFile(gzFile, gz)]);
  result.files += 1;
  result.bytesIn += content.length;
  result.bytesBrotli += br.length;
}

export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytesIn: 0, bytesBrotli: 0 };
  const files: string[] = [];
  for await (const file of walk(dir)) if (COMPRESSIBLE.has(path.extname(file).toLowerCase())) files.push(file);
  // zlib runs on the libuv thread pool: a few files at a time use every core.
  const workers = Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    for (let file = files.shift(); file !== undefined; file = files.shift()) await compressFile(file, result);
  });
  await Promise.all(workers);
  return result;
}

const isCli = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isCli) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node services/gateway/dist/precompress.js <dist-dir> [...]');
    process.exit(1);
  }
  for (const dir of dirs) {
    const { files, bytesIn, bytesBrotli } = await precompressDir(path.resolve(dir));
    console.log(`${dir}: ${files} files precompressed (${bytesIn} -> ${bytesBrotli} bytes brotli)`);
  }
}
