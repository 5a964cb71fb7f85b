// The app shell's markup for index.html (apps/shell/src/app-shell): its CSS and its script inlined,
// so the signed-in frame paints with the HTML itself, before any bundle has arrived. The gateway
// allows exactly these inline scripts by their SHA-256 in the Content-Security-Policy
// (services/gateway/src/inline-scripts.ts reads them from the built index.html).
import { readFileSync } from 'node:fs';
import { transformSync } from '@swc/core';

export interface AppShellHtmlOptions {
  /** apps/shell/src/app-shell/app-shell.ts: imports types only (compiled alone, not bundled). */
  script: string;
  /** Its stylesheet. */
  css: string;
  /** The data `paintAppShell` gets (routes, texts), as JSON. */
  data: unknown;
  minify?: boolean;
}

/** `</script` or `<!--` inside the inlined JSON would end or confuse the script element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * `<style>…</style><script>…</script>` for the template. The script is the module compiled to
 * CommonJS inside a function (its exports stay local) that calls `paintAppShell(data, { win: window })`.
 */
export function appShellHtml({ script, css, data, minify = true }: AppShellHtmlOptions): string {
  const { code } = transformSync(readFileSync(script, 'utf8'), {
    filename: script,
    sourceMaps: false,
    module: { type: 'commonjs', strict: true, noInterop: true },
    minify,
    jsc: {
      parser: { syntax: 'typescript' },
      target: 'es2020',
      ...(minify ? { minify: { compress: true, mangle: true } } : {}),
    },
  });
  if (/\brequire\(/.test(code)) {
    throw new Error(`${script}: das App-Gerüst wird allein übersetzt und darf nur Typen importieren`);
  }
  const run = `(function(exports){${code}\ntry{exports.paintAppShell(${scriptSafeJson(data)},{win:window})}catch(e){}})({});`;
  const style = minify ? minifyCss(readFileSync(css, 'utf8')) : readFileSync(css, 'utf8').trim();
  return `<style>${style}</style>\n    <script>${run}</script>`;
}

/** Comments and the whitespace around braces, colons, semicolons and commas go (not around `+` in calc/clamp). */
export function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};:,])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}
