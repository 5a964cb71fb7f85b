// Writes `.br` and `.gz` siblings next to every text asset of a production build, once, at build
// time (maximum compression, zero CPU per request). The gateway serves them with
// `Content-Encoding: br` / `gzip` (services/gateway/src/static.ts, @fastify/static `preCompressed`).
// Runs after the build has written its files, so files written by other plugins (mf-manifest.json,
// remoteEntry.js, index.html, copied files) are compressed too.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing. Source maps are left out: only devtools fetch them. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/** Below this size the headers cost more than compression saves (same threshold as the gateway's). */
export const PRECOMPRESS_MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressFile(file: string): Promise<number> {
  const info = await stat(file);
  if (info.size < PRECOMPRESS_MIN_BYTES) return 0;
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
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return 1;
}

/** Compresses every text asset under `dir` (two at a time: builds share the machine). */
export async function precompressOutput(dir: string): Promise<number> {
  const files: string[] = [];
  for await (const file of walk(dir)) {
    if (COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) files.push(file);
  }
  let written = 0;
  const workers = Array.from({ length: 2 }, async () => {
    for (let file = files.shift(); file !== undefined; file = files.shift()) {
      const done = await compressFile(file);
      written += done;
    }
  });
  await Promise.all(workers);
  return written;
}

/** Production builds only: the dev server keeps its files in memory and never needs them. */
export class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.done.tapPromise('ZunftPrecompressPlugin', async (stats) => {
      if (compiler.options.mode !== 'production' || compiler.watchMode || stats.hasErrors()) return;
      const outputPath = compiler.options.output.path;
      if (!outputPath) return;
      const written = await precompressOutput(outputPath);
      compiler.getInfrastructureLogger('zunft-precompress').info(`${written} Dateien vorkomprimiert (br, gz)`);
    });
  }
}
