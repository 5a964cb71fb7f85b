// Emits the shell's service worker (/sw.js) from a hand-written template: the list of files to
// precache and a version (hash of that list) are written into it, so every shell build with other
// files is a new service worker and the browser offers the update. Source maps, the federation
// stats and the precompressed siblings are left out.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

export interface ServiceWorkerPluginOptions {
  /** Absolute path of the template (placeholders __ZUNFT_VERSION__ and __ZUNFT_PRECACHE__). */
  template: string;
  /** Name of the emitted file, served at the root scope. */
  filename?: string;
  /**
   * Files another build wrote into the same output folder (paths relative to it), read when this
   * build emits the worker: the shell's public site (`site/`), built before the app.
   */
  extraAssets?: () => string[];
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

/** The files of a build the service worker precaches: everything the browser may ask for. */
export function precacheList(assetNames: string[], filename: string): string[] {
  return assetNames
    .filter((name) => name !== filename && !LEFT_OUT.test(name))
    .map((name) => `/${name}`)
    .sort();
}

export class ServiceWorkerPlugin implements RspackPluginInstance {
  constructor(private readonly options: ServiceWorkerPluginOptions) {}

  apply(compiler: Compiler): void {
    const filename = this.options.filename ?? 'sw.js';
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ZunftServiceWorkerPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After hashing and after the HTML/copy plugins have added their files.
        { name: 'ZunftServiceWorkerPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = precacheList(
            [...compilation.getAssets().map((asset) => asset.name), ...(this.options.extraAssets?.() ?? [])],
            filename,
          );
          const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
          const template = readFileSync(this.options.template, 'utf8');
          const source = template
            .replace("const VERSION = '__ZUNFT_VERSION__';", `const VERSION = ${JSON.stringify(version)};`)
            .replace('const SHELL_FILES = __ZUNFT_PRECACHE__;', `const SHELL_FILES = ${JSON.stringify(files)};`);
          compilation.emitAsset(filename, new RawSource(source));
        },
      );
    });
  }
}
