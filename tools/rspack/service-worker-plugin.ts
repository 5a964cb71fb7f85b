// Emits the shell's service worker (/sw.js) from a hand-written template: the list of files to
// precache and a version (hash of that list) are written into it, so every shell build with other
// files is a new service worker and the browser offers the update. Source maps, the federation
// stats and the precompressed siblings are left out.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

export interface ServiceWorkerPluginOptions {
  /** Absolute path of the template (placeholders __ZUNFT_VERSION__ and __ZUNFT_PRECACHE__). */
  template: string;
  /** Name of the emitted file, served at the root scope. */
  filename?: string;
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
            compilation.getAssets().map((asset) => asset.name),
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
