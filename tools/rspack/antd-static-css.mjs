// Writes antd's styles for one theme as a static CSS file (antd zero-runtime mode: the components
// generate no styles in the browser). Run by AntdStaticCssPlugin (antd-static-css-plugin.ts) in a
// child process, because @ant-design/cssinjs reads NODE_ENV when it is loaded (the class prefix is
// `css-` in production and `css-dev-only-do-not-override-` otherwise; both must match the bundle).
//
//   ZUNFT_ANTD_THEME='<theme JSON>' NODE_ENV=production node antd-static-css.mjs <appDir> <outFile>
//   ZUNFT_ANTD_THEME=… ZUNFT_ANTD_EAGER='["Button","Card",…]' node antd-static-css.mjs <appDir> <outFile> <restFile>
//
// With ZUNFT_ANTD_EAGER and a second file, the styles are split: <outFile> holds what the named
// antd exports render (the first signed-in page needs only these), <restFile> every other style. Each
// style is in exactly one of the two, and together they are the whole set.
//
// Every antd component is rendered (@ant-design/static-style-extract renders each export of antd,
// plus the few parts below that it leaves out), and the run fails when a style hook of the
// installed antd was not rendered, so an antd upgrade cannot silently leave components unstyled.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [appDir, outFile, restFile] = process.argv.slice(2);
const eager = process.env.ZUNFT_ANTD_EAGER ? JSON.parse(process.env.ZUNFT_ANTD_EAGER) : null;
if (eager && !restFile) {
  console.error('antd-static-css: ZUNFT_ANTD_EAGER needs a second output file for the other styles');
  process.exit(2);
}
if (!appDir || !outFile || !process.env.ZUNFT_ANTD_THEME) {
  console.error('usage: ZUNFT_ANTD_THEME=<json> node antd-static-css.mjs <appDir> <outFile>');
  process.exit(2);
}
// antd, React and the extractor as the app resolves them (the versions the bundle contains).
const require = createRequire(path.join(path.resolve(appDir), 'package.json'));
const React = require('react');
const antd = require('antd');
const { createCache, extractStyle: extractCache, StyleProvider } = require('@ant-design/cssinjs');
const { extractStyle } = require('@ant-design/static-style-extract');

const theme = JSON.parse(process.env.ZUNFT_ANTD_THEME);
const h = React.createElement;

/**
 * Parts static-style-extract does not render: a Form.Item (its sub-style) and the deprecated
 * BackTop (antd still exports it). Pagination's `bordered` sub-style exists only with
 * `wireframe: true` (checked below).
 */
const extraNodes = [
  h(antd.Form, { key: 'form-item' }, h(antd.Form.Item, { label: 'x' }, h(antd.Input))),
  h(antd.BackTop, { key: 'back-top' }),
];
const NOT_RENDERED = theme.token?.wireframe ? new Set() : new Set(['Pagination-bordered']);

// static-style-extract collects into a cache of its own and returns styles *and* CSS variables. The
// variables stay runtime in zero-runtime mode (antd still writes the theme's and each component's
// variables, under a key from React's useId), so only the styles are taken: from a cache of ours.
const cache = createCache();
const silenced = console.error;
// Dev-mode warnings of the components rendered without their required props (BackTop is deprecated, …).
console.error = () => {};
let css;
let restCss = '';
try {
  if (eager) {
    const unknown = eager.filter((name) => !(name in antd));
    if (unknown.length) throw new Error(`antd-static-css: not exports of antd: ${unknown.join(', ')}`);
    extractStyle({
      customTheme: (node) => h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, node)),
      includes: eager,
    });
    // `once`: a style taken here is marked extracted and left out of the second extraction.
    css = extractCache(cache, { plain: true, types: ['style'], once: true });
  }
  extractStyle((node) => h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, node, ...extraNodes)));
  if (eager) restCss = extractCache(cache, { plain: true, types: ['style'], once: true });
  else css = extractCache(cache, { plain: true, types: ['style'] });
} finally {
  console.error = silenced;
}

// Every style hook of the installed antd (`genStyleHooks('Button', …)`, `genSubStyleComponent(['Input',
// 'OTP'], …)`) must have registered a style: their cache path starts with the joined name.
const antdEs = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
const hookNames = new Set();
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.js')) {
      const source = readFileSync(full, 'utf8');
      for (const m of source.matchAll(
        /gen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\((\[[^\]]*\]|'[^']*')/g,
      )) {
        const cells = m[1].match(/'[^']*'/g).map((s) => s.slice(1, -1));
        hookNames.add((cells.length === 1 ? [cells[0], cells[0]] : cells).join('-'));
      }
    }
  }
};
walk(antdEs);
const rendered = new Set(
  [...cache.cache.keys()].filter((key) => key.startsWith('style%')).map((key) => key.split('%')[2]),
);
const missing = [...hookNames].filter((name) => !rendered.has(name) && !NOT_RENDERED.has(name));
if (hookNames.size < 50 || missing.length > 0) {
  console.error(
    `antd-static-css: ${hookNames.size} style hooks found in antd, not rendered: ${missing.join(', ') || '(none)'}.` +
      ' Render the missing components in tools/rspack/antd-static-css.mjs (extraNodes).',
  );
  process.exit(1);
}

const banner = (what) =>
  `/* Generated at build time by tools/rspack/antd-static-css.mjs (antd ${antd.version}, ${hookNames.size} style hooks, ${what}): do not edit, not committed. */\n`;
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, `${banner(eager ? `the styles of ${eager.length} components` : 'every style')}${css}\n`);
if (eager) {
  writeFileSync(restFile, `${banner(`every style not in ${path.basename(outFile)}`)}${restCss}\n`);
  console.log(
    `${outFile}: ${(css.length / 1024).toFixed(0)} KB (${eager.length} components), ${restFile}: ${(restCss.length / 1024).toFixed(0)} KB; ${rendered.size} antd styles`,
  );
} else {
  console.log(`${outFile}: ${rendered.size} antd styles, ${(css.length / 1024).toFixed(0)} KB`);
}
