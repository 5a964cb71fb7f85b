import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ANTD_REST_STYLES_CHUNK, ANTD_STYLES_CHUNK } from './antd-static-css-plugin.ts';
import { importsUnreadably, namedImports, sourceFiles } from './source-imports.ts';

/**
 * Module Federation singletons of the shell and every remote (brief, "Frontend contract"). Host and
 * remotes must declare the same list, or a second React / session context ends up in the browser,
 * so it lives here once. Third-party packages carry the version range of the app's package.json;
 * workspace libraries have no meaningful version.
 *
 * Only packages that hold state or React context are shared. A shared module is bundled whole (the
 * build cannot know which exports another app will use), so stateless libraries stay out and are
 * tree-shaken into each app instead: `@ant-design/icons` (shared, all ~800 icons = 137 KB brotli
 * on the dashboard; each app uses a few dozen) and `@zunft/contracts` (shared, every schema plus
 * zod came with the landing page for one helper), and `@zunft/ui-kit` (components and the theme,
 * no React context; shared whole, the first signed-in page fetched every antd component any ui-kit
 * export uses, e.g. Form, Modal, Tabs for FormModal and ViewToggle). Measured with
 * scripts/bundle-budget.mjs, see docs/performance.md.
 *
 * antd is shared per component (`antd/es/button`, `antd/es/table`, …): shared whole it was 343 KB
 * brotli on the first signed-in page. The swc-loader rewrites `import { Button } from 'antd'` to
 * `antd/es/button` (`ANTD_TRANSFORM_IMPORT`), so each component is its own singleton, loaded when a
 * page first renders it. One antd stays: only the shell provides the components (every one of
 * them, each in its own lazy chunk); the remotes consume them with `import: false` and bundle no
 * antd, so antd's internal contexts (ConfigProvider, theme, App, Form) exist once, in the shell's
 * build. A remote's standalone page (no shell) provides its own.
 */
export const THIRD_PARTY_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  'dayjs',
] as const;

export const WORKSPACE_SINGLETONS = ['@zunft/web-common'] as const;

/** The workspace (tools/rspack is two levels below it). */
const WORKSPACE = path.resolve(import.meta.dirname, '../..');

/**
 * The named exports of react-router that the workspace's sources import (`import { Link, useNavigate }
 * from 'react-router'` in apps/<app>/src and libs/<lib>/src), read from the sources (source-imports.ts). A
 * shared module is bundled whole, and react-router's index also exports its server, RSC and
 * framework-mode code: 205 KB (56 KB brotli) on the first signed-in page, of which the apps use a
 * dozen components and hooks. The shared react-router is therefore a module that re-exports only
 * these names (reactRouterSharedModule), and the rest is tree-shaken. Every app computes the same
 * list from the same sources, so whichever build provides the singleton has every name any app
 * imports; a namespace import (`import * as`) or a re-export of react-router is refused, because the
 * names it uses cannot be read.
 */
export function reactRouterNamesUsed(workspace: string = WORKSPACE): string[] {
  const names = new Set<string>();
  const offending: string[] = [];
  for (const group of ['apps', 'libs']) {
    const base = path.join(workspace, group);
    if (!existsSync(base)) continue;
    for (const project of readdirSync(base, { withFileTypes: true })) {
      const srcDir = path.join(base, project.name, 'src');
      if (!project.isDirectory() || !existsSync(srcDir)) continue;
      for (const file of sourceFiles(srcDir)) {
        const source = readFileSync(file, 'utf8');
        if (!source.includes('react-router')) continue;
        for (const { from, names: imported } of namedImports(source)) {
          if (from === 'react-router') for (const name of imported) names.add(name);
        }
        if (importsUnreadably(source, 'react-router')) offending.push(path.relative(workspace, file));
      }
    }
  }
  if (offending.length > 0) {
    throw new Error(
      `react-router nur mit benannten Importen verwenden (der geteilte Router exportiert nur die gelesenen Namen): ${offending.join(', ')}`,
    );
  }
  return [...names].sort();
}

/** Where each app's build puts the re-exporting module (a virtual file of its own build). */
export function reactRouterSharedPath(dir: string): string {
  return path.join(dir, 'src', 'react-router-shared.virtual.js');
}

/**
 * The module provided as the shared `react-router`: the names the workspace imports, re-exported
 * from react-router's own entry by its absolute path (a bare `react-router` here would ask Module
 * Federation for this very module again).
 */
export function reactRouterSharedModule(dir: string, names: string[] = reactRouterNamesUsed()): string {
  const require = createRequire(path.join(dir, 'package.json'));
  const entry = require.resolve('react-router');
  return [
    '// Generated by tools/rspack/shared-singletons.ts (reactRouterSharedModule).',
    `export { ${names.join(', ')} } from ${JSON.stringify(entry)};`,
    '',
  ].join('\n');
}

/** antd folders under `es/` that are not components (helpers, locales, styles). */
const ANTD_NOT_COMPONENTS = new Set(['_util', 'locale', 'style', 'version']);

/** Every antd component folder (`button`, `config-provider`, `theme`, …) of the installed antd. */
export function antdComponents(fromDir: string): string[] {
  const require = createRequire(path.join(fromDir, 'package.json'));
  const esDir = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
  return readdirSync(esDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !ANTD_NOT_COMPONENTS.has(entry.name))
    .filter((entry) => existsSync(path.join(esDir, entry.name, 'index.js')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * swc-loader `transformImport`: `import { DatePicker, type FormInstance } from 'antd'` becomes
 * `import DatePicker from 'antd/es/date-picker'` (types are removed first), so every component is
 * requested by its own path and shared on its own.
 */
export const ANTD_TRANSFORM_IMPORT = [
  { libraryName: 'antd', customName: 'antd/es/{{ kebabCase member }}', style: false },
];

export interface SharedOptions {
  /** The app's folder (its package.json names the version ranges and resolves antd). */
  dir: string;
  dependencies: Record<string, string>;
  /**
   * Whether this build provides antd's components. Only the shell does; a remote consumes the
   * shell's (`import: false`), except in its standalone page where it is the only app.
   */
  provideAntd: boolean;
}

export function sharedSingletons({ dir, dependencies, provideAntd }: SharedOptions) {
  const antdVersion = dependencies['antd'] ?? false;
  const require = createRequire(path.join(dir, 'package.json'));
  const routerVersion = (require('react-router/package.json') as { version: string }).version;
  return {
    ...Object.fromEntries(
      THIRD_PARTY_SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: dependencies[name] ?? false }]),
    ),
    // Only the names the workspace uses (reactRouterNamesUsed); the build adds the module itself.
    'react-router': {
      singleton: true,
      requiredVersion: dependencies['react-router'] ?? false,
      import: reactRouterSharedPath(dir),
      shareKey: 'react-router',
      version: routerVersion,
    },
    ...Object.fromEntries(
      WORKSPACE_SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false as const }]),
    ),
    ...Object.fromEntries(
      antdComponents(dir).map((component) => [
        `antd/es/${component}`,
        provideAntd
          ? { singleton: true, requiredVersion: antdVersion }
          : { singleton: true, requiredVersion: antdVersion, import: false as const },
      ]),
    ),
  };
}

/**
 * Rspack provides a shared module only when the build itself imports it, so the shell would offer
 * the remotes just the components its own pages use. This module (added to the shell's entry as a
 * virtual file) names every component in a function that never runs: each becomes a lazy chunk of
 * the shell and a provided singleton, loaded only when some app renders it.
 */
export function antdProvideModule(fromDir: string): string {
  const lines = antdComponents(fromDir).map((component) => `    () => import('antd/es/${component}'),`);
  return [
    '// Generated by tools/rspack/shared-singletons.ts (antdProvideModule): never called.',
    'export function antdComponentsForRemotes() {',
    '  return [',
    ...lines,
    '  ];',
    '}',
    '',
  ].join('\n');
}

/** Packages whose modules can belong to the layout's antd chunk (antd and what its components are built of). */
const ANTD_FAMILY = /[\\/]node_modules[\\/](?:antd|@rc-component[\\/][^\\/]+|@ant-design[\\/]icons(?:-svg)?)[\\/]/;

/** `Button` → `button`, `ConfigProvider` → `config-provider`, `message` → `message`. */
function antdFolder(component: string): string {
  return component.replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase());
}

/**
 * Every module of antd, @rc-component/* and @ant-design/icons that the given antd components
 * import, directly or through each other (ES module sources, as the bundler resolves them), as one
 * RegExp over module paths. Found by reading the import statements, so the set follows the
 * installed antd: antd's components import each other's internals (a Button's style token imports
 * the colour picker's colour class, a Menu item the Collapse, Typography the TextArea), and each of
 * those otherwise lands in a small chunk of its own, fetched one after the other on the first
 * signed-in page (about 20 requests in a row on a slow connection).
 */
export function antdModulesOf(fromDir: string, components: string[]): RegExp {
  const require = createRequire(path.join(fromDir, 'package.json'));
  const antdEs = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
  const seen = new Set<string>();
  const queue = components
    .map((component) => path.join(antdEs, antdFolder(component), 'index.js'))
    .filter((file) => existsSync(file));
  const asFile = (base: string): string | undefined =>
    [base, `${base}.js`, path.join(base, 'index.js')].find(
      (f) => existsSync(f) && !f.endsWith(path.sep) && /\.m?js$/.test(f),
    );
  const packageDir = (name: string, from: string): string | undefined => {
    for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', name);
      if (existsSync(path.join(candidate, 'package.json'))) return candidate;
      if (path.dirname(dir) === dir) return undefined;
    }
  };
  const resolveBare = (spec: string, from: string): string | undefined => {
    const parts = spec.split('/');
    const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
    const sub = parts.slice(spec.startsWith('@') ? 2 : 1).join('/');
    const dir = packageDir(name, from);
    if (!dir) return undefined;
    if (sub) return asFile(path.join(dir, sub));
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      module?: string;
      main?: string;
    };
    return asFile(path.join(dir, pkg.module ?? pkg.main ?? 'index.js'));
  };
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:^|[\s;])(?:import|export)\s*(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g)) {
      const spec = m[1] as string;
      const target = spec.startsWith('.') ? asFile(path.resolve(path.dirname(file), spec)) : resolveBare(spec, file);
      if (target && ANTD_FAMILY.test(target) && !seen.has(target)) queue.push(target);
    }
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Paths from node_modules on, with either separator: the same file however the checkout is reached.
  const tails = [...seen].map((file) =>
    escape(file.slice(file.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 1)).replace(/\//g, '[\\\\/]'),
  );
  return new RegExp(`(?:${tails.join('|')})$`);
}

/**
 * The shell's chunk splitting. antd's core (CSS-in-JS, theme, ConfigProvider and antd's default
 * locale with the date picker's and pagination's texts it includes, motion, popup
 * positioning, rc utilities and the small helpers every component imports: clsx, react-is,
 * @babel/runtime, @emotion/hash) is needed by every component; as one chunk it compresses better,
 * costs one request instead of about ten small ones on the first signed-in page, and the helpers
 * are no longer copied into each component's chunk (they are below splitChunks' minSize). The public pages
 * never load it (no antd there).
 */
export function shellSplitChunks({ layoutModules }: { layoutModules: RegExp }) {
  return {
    chunks: 'async' as const,
    cacheGroups: {
      /**
       * antd's static styles (antd zero-runtime, tools/rspack/antd-static-css-plugin.ts) in a CSS file
       * of their own: its hash changes only with antd or the theme, so a release of our own code does
       * not make phones download it again, and the CSS minimizer leaves it alone (shellMinimizer).
       */
      antdStyles: {
        test: /[\\/]antd\.generated\.css$/,
        name: ANTD_STYLES_CHUNK,
        chunks: 'async' as const,
        enforce: true,
        priority: 30,
      },
      /** The rest of antd's styles (antd-rest.generated.css), with the first page that renders those components. */
      antdRestStyles: {
        test: /[\\/]antd-rest\.generated\.css$/,
        name: ANTD_REST_STYLES_CHUNK,
        chunks: 'async' as const,
        enforce: true,
        priority: 30,
      },
      antdCore: {
        test: /[\\/]node_modules[\\/](?:@ant-design[\\/](?:cssinjs|cssinjs-utils|colors|fast-color)|stylis|@emotion|@babel[\\/]runtime|react-is|is-mobile|clsx|@rc-component[\\/](?:util|motion|resize-observer|portal|trigger)|@rc-component[\\/](?:picker|pagination)[\\/]es[\\/]locale|antd[\\/]es[\\/](?:_util|style|theme|config-provider|locale))[\\/]/,
        name: 'antd-core',
        chunks: 'async' as const,
        enforce: true,
        priority: 20,
      },
      /**
       * The antd components of the signed-in layout and the dashboard with everything they import
       * (`layoutModules`, from antdModulesOf). Every signed-in page renders them, so one chunk,
       * fetched at once with the page, instead of about 40 small ones of which half were only found
       * (and fetched) after the previous ones had run. A module in this group is loaded with it.
       */
      antdLayout: {
        test: layoutModules,
        name: 'antd-layout',
        chunks: 'async' as const,
        enforce: true,
        priority: 10,
      },
    },
  };
}
