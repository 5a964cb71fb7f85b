// Emits the shell's service worker (/sw.js). The worker's source (apps/shell/src/pwa/sw.ts, on
// Workbox modules) is bundled by a compilation of its own (target webworker, minified in production,
// no chunks), then the build's precache manifest replaces `self.__WB_MANIFEST` (Workbox's
// injectManifest convention): every file the browser may ask for, with a revision (content hash) or
// null where the name already carries a hash. Another manifest is other bytes, so every shell build
// with other files is a new service worker and the browser offers the update. The worker is an
// asset of the app's compilation, so PrecompressPlugin writes its .br/.gz like the other files.
// Source maps, the federation stats and the precompressed siblings are left out of the manifest.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack, type Compiler, type Configuration, type RspackPluginInstance } from '@rspack/core';

export interface ServiceWorkerPluginOptions {
  /** Absolute path of the worker's source (TypeScript or JavaScript, may import npm modules). */
  entry: string;
  /** Name of the emitted file, served at the root scope. */
  filename?: string;
  /**
   * Files another build wrote into the same output folder (paths relative to it), read when this
   * build emits the worker: the shell's public site (`site/`), built before the app.
   */
  extraAssets?: () => string[];
}

/** One precache entry, as workbox-precaching reads it. */
export interface ManifestEntry {
  url: string;
  revision: string | null;
}

/** Every file below `dir`, as paths relative to `root` with '/' separators ([] when missing). */
export function filesBelow(root: string, dir: string): string[] {
  const base = path.join(root, dir);
  if (!existsSync(base)) return [];
  return (readdirSync(base, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const LEFT_OUT = /(?:\.map|\.br|\.gz|\.LICENSE\.txt|^mf-stats\.json)$/;
/** Same rule as the worker's HASHED_FILE (apps/shell/src/pwa/sw-logic.ts). */
const HASHED_NAME = /[.-][0-9a-f]{8,}(?:\.[a-z0-9]+)+$/i;
const MANIFEST_PLACEHOLDER = 'self.__WB_MANIFEST';

/** The files of a build the service worker precaches: everything the browser may ask for. */
export function precacheList(assetNames: string[], filename: string): string[] {
  return assetNames
    .filter((name) => name !== filename && !LEFT_OUT.test(name))
    .map((name) => `/${name}`)
    .sort();
}

/** The precache manifest: hashed names need no revision, every other file gets its content's hash. */
export function manifestEntries(files: string[], content: (url: string) => Buffer): ManifestEntry[] {
  return files.map((url) => ({
    url,
    revision: HASHED_NAME.test(url) ? null : createHash('sha256').update(content(url)).digest('hex').slice(0, 16),
  }));
}

/** Replaces the one `self.__WB_MANIFEST` of the bundled worker with the manifest. */
export function injectManifest(source: string, entries: ManifestEntry[]): string {
  const at = source.indexOf(MANIFEST_PLACEHOLDER);
  if (at < 0 || source.indexOf(MANIFEST_PLACEHOLDER, at + 1) >= 0) {
    throw new Error(`Der Service Worker muss ${MANIFEST_PLACEHOLDER} genau einmal enthalten`);
  }
  return source.slice(0, at) + JSON.stringify(entries) + source.slice(at + MANIFEST_PLACEHOLDER.length);
}

/** The worker's own compilation: one file, no runtime chunks, nothing written to disk. */
function workerConfig(entry: string, mode: 'development' | 'production', context: string): Configuration {
  return {
    name: 'service-worker',
    mode,
    context,
    target: 'webworker',
    entry: { sw: entry },
    devtool: false,
    output: { path: path.join(tmpdir(), 'zunft-service-worker'), filename: 'sw.js', iife: true, clean: false },
    resolve: {
      extensions: ['.ts', '.js', '.mjs'],
      extensionAlias: { '.js': ['.ts', '.js'] },
      conditionNames: ['worker', 'browser', 'import', 'module', 'default'],
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } }, env: { targets: 'defaults' } },
          type: 'javascript/auto',
        },
      ],
    },
    // Workbox logs every route in development builds (process.env.NODE_ENV).
    optimization: { nodeEnv: mode, minimize: mode === 'production', splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
}

/** Bundles the worker and answers its source (the placeholder still in it). */
function bundleWorker(config: Configuration, filename: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let source: string | undefined;
    const capture: RspackPluginInstance = {
      apply(compiler) {
        compiler.hooks.thisCompilation.tap('ZunftServiceWorkerBundle', (compilation) => {
          compilation.hooks.processAssets.tap(
            { name: 'ZunftServiceWorkerBundle', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
            () => {
              const asset = compilation.getAsset(filename);
              if (!asset) return;
              source = asset.source.source().toString();
              compilation.deleteAsset(filename);
            },
          );
        });
      },
    };
    const compiler = rspack({ ...config, output: { ...config.output, filename }, plugins: [capture] });
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) {
        const messages = stats.toJson({ all: false, errors: true }).errors?.map((e) => e.message) ?? [];
        return reject(new Error(`Service Worker: ${messages.join('\n')}`));
      }
      if (source === undefined) return reject(new Error('Service Worker: kein Bundle erzeugt'));
      resolve(source);
    });
  });
}

export class ServiceWorkerPlugin implements RspackPluginInstance {
  constructor(private readonly options: ServiceWorkerPluginOptions) {}

  apply(compiler: Compiler): void {
    const filename = this.options.filename ?? 'sw.js';
    const { RawSource } = compiler.webpack.sources;
    const mode = compiler.options.mode === 'development' ? 'development' : 'production';
    const config = workerConfig(this.options.entry, mode, compiler.context);
    compiler.hooks.thisCompilation.tap('ZunftServiceWorkerPlugin', (compilation) => {
      // Bundled while the app compiles; a change of the worker's source rebuilds in watch mode.
      const bundled = bundleWorker(config, filename);
      bundled.catch(() => undefined);
      compilation.contextDependencies.add(path.dirname(this.options.entry));
      compilation.hooks.processAssets.tapPromise(
        // After hashing and after the HTML/copy plugins have added their files.
        { name: 'ZunftServiceWorkerPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const outputPath = compiler.options.output.path ?? compiler.context;
          const own = new Map(compilation.getAssets().map((asset) => [`/${asset.name}`, asset]));
          const files = precacheList(
            [...compilation.getAssets().map((asset) => asset.name), ...(this.options.extraAssets?.() ?? [])],
            filename,
          );
          const entries = manifestEntries(
            files,
            (url) => own.get(url)?.source.buffer() ?? readFileSync(path.join(outputPath, url.slice(1))),
          );
          try {
            compilation.emitAsset(filename, new RawSource(injectManifest(await bundled, entries)));
          } catch (error) {
            compilation.errors.push(new compiler.webpack.WebpackError(String((error as Error).message ?? error)));
          }
        },
      );
    });
  }
}
