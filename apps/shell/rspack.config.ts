import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { readdirSync } from 'node:fs';
import { AntdStaticCssPlugin, antdImportsOf, shellMinimizer } from '../../tools/rspack/antd-static-css-plugin.ts';
import { PrecompressPlugin } from '../../tools/rspack/precompress-plugin.ts';
import { appShellHtml } from '../../tools/rspack/app-shell-html.ts';
import { appShellData } from './src/app-shell/app-shell-data.ts';
import { ROUTES } from './src/routing/route-table.ts';
import { de } from './src/i18n/de.ts';
import { fr } from './src/i18n/fr.ts';
import { it } from './src/i18n/it.ts';
import { ServiceWorkerPlugin, filesBelow } from '../../tools/rspack/service-worker-plugin.ts';
import {
  ANTD_TRANSFORM_IMPORT,
  antdModulesOf,
  antdProvideModule,
  reactRouterSharedModule,
  reactRouterSharedPath,
  sharedSingletons,
  shellSplitChunks,
} from '../../tools/rspack/shared-singletons.ts';
import { zunftTheme } from '../../libs/ui-kit/src/theme.ts';

const require = createRequire(import.meta.url);
const dir = import.meta.dirname;
const pkg = require('./package.json') as { dependencies: Record<string, string> };

/**
 * Identical in the shell and every remote: see tools/rspack/shared-singletons.ts. The shell is the
 * one build that provides antd's components (each its own lazy chunk).
 */
const shared = sharedSingletons({ dir, dependencies: pkg.dependencies, provideAntd: true });
/** Virtual module naming every antd component, so the shell provides all of them (see antdProvideModule). */
const ANTD_PROVIDE = path.join(dir, 'src/antd-provide.virtual.js');

/** Everything the dev server does not build itself comes from the gateway. */
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

/** Output folder of the public site inside dist (the gateway serves dist/site/index.html for its paths). */
export const SITE_DIR = 'site';
const src = (file: string) => path.join(dir, 'src', file);
const siteOutput = path.join(dir, 'dist', SITE_DIR);

/**
 * The antd components of the first signed-in page: whatever the signed-in app (src/app, without the
 * paywall, which loads the other styles itself) imports from antd, directly or through the
 * @zunft/ui-kit components it uses. Their styles come
 * with the layout (antd.generated.css); the others only with a remote page or the paywall
 * (antd-rest.generated.css, imported by src/remotes/RemotePage.tsx and src/app/paywall/PaywallPage.tsx).
 * Read from the sources, so a component added to the layout or the dashboard gets its styles there.
 */
const EAGER_ANTD_COMPONENTS = antdImportsOf(
  readdirSync(src('app'))
    .filter((entry) => entry !== 'paywall')
    .map((entry) => src(`app/${entry}`)),
  { '@zunft/ui-kit': path.join(dir, '../../libs/ui-kit/src/index.ts') },
);
/** The app build's clean step (absolute paths) leaves dist itself and the site's files alone. */
const isSiteOutput = (file: string) =>
  file === path.join(dir, 'dist') || file === siteOutput || file.startsWith(`${siteOutput}${path.sep}`);

/**
 * The public site (landing, pricing, about): its own lean build, no Module Federation, React
 * bundled; react-router, web-common, the shell's i18next setup and the demo login are replaced by
 * the small modules of src/site/ (the pages themselves are the same files the full app renders).
 */
function siteConfig(mode: 'development' | 'production'): Configuration {
  const dev = mode === 'development';
  const hash = dev ? '' : '.[contenthash:8]';
  return {
    name: 'site',
    mode,
    context: dir,
    entry: { site: './src/site/index.tsx' },
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(dir, 'dist', SITE_DIR),
      publicPath: `/${SITE_DIR}/`,
      uniqueName: 'zunft_site',
      filename: `[name]${hash}.js`,
      chunkFilename: `[name]${hash}.js`,
      cssFilename: `[name]${hash}.css`,
      cssChunkFilename: `[name]${hash}.css`,
      assetModuleFilename: `assets/[name]${hash}[ext]`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      conditionNames: ['browser', 'import', 'module', 'default'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        'react-router$': src('site/router.tsx'),
        '@zunft/web-common$': src('site/web-common.ts'),
      },
    },
    module: {
      rules: [
        {
          test: /\.(?:ts|tsx|js|mjs)$/,
          exclude: /node_modules/,
          resolve: { conditionNames: ['source', 'browser', 'import', 'module', 'default'] },
        },
        {
          test: /\.(?:ts|tsx)$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev } },
            },
            env: { targets: 'defaults' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(?:png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new rspack.NormalModuleReplacementPlugin(/i18n\/shell-i18n$/, src('site/i18n.ts')),
      new rspack.NormalModuleReplacementPlugin(/components\/useDemoLogin$/, src('site/demo-login.ts')),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      // The public site has no signed-in frame (public/index.html's `appShell` stays empty).
      new rspack.HtmlRspackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        templateParameters: { appShell: '' },
      }),
      new PrecompressPlugin(),
    ],
    performance: { hints: false },
  };
}

export default (_env: unknown, argv: { mode?: string } = {}): Configuration[] => {
  const mode = argv.mode === 'development' || process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const dev = mode === 'development';

  return [
    siteConfig(mode),
    {
      name: 'app',
      // Built after the site, so the service worker precaches the site's files too.
      dependencies: ['site'],
      mode,
      context: dir,
      entry: { main: ['./src/index.ts', ANTD_PROVIDE] },
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: '/',
        uniqueName: 'zunft_shell',
        filename: dev ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        cssFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
        cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        // dist/site/ is the public site's build (siteConfig), written before this one.
        clean: { keep: (file: string) => isSiteOutput(file) },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        conditionNames: ['browser', 'import', 'module', 'default'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            // Workspace libs export their TypeScript source under the 'source' condition. Only our own
            // files resolve with it: some npm packages (scroll-into-view-if-needed, used by antd) also
            // publish a 'source' entry with raw TypeScript that must not be picked up.
            test: /\.(?:ts|tsx|js|mjs)$/,
            exclude: /node_modules/,
            resolve: { conditionNames: ['source', 'browser', 'import', 'module', 'default'] },
          },
          {
            test: /\.(?:ts|tsx)$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: dev } },
              },
              env: { targets: 'defaults' },
              // `import { Button } from 'antd'` → 'antd/es/button': antd is shared per component.
              transformImport: ANTD_TRANSFORM_IMPORT,
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(?:png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        new rspack.experiments.VirtualModulesPlugin({
          [ANTD_PROVIDE]: antdProvideModule(dir),
          // The shared react-router: only the names the workspace imports (shared-singletons.ts).
          [reactRouterSharedPath(dir)]: reactRouterSharedModule(dir),
        }),
        // antd zero-runtime: the theme's static antd CSS, imported by src/app/SignedInApp.tsx.
        // Split in two: what the signed-in layout and the dashboard render (the first page after the
        // login loads only that) and the rest, imported by the remote host and the paywall.
        new AntdStaticCssPlugin({
          appDir: dir,
          theme: zunftTheme,
          output: src('app/antd.generated.css'),
          split: { components: EAGER_ANTD_COMPONENTS, restOutput: src('app/antd-rest.generated.css') },
        }),
        new ModuleFederationPlugin({
          name: 'shell',
          // No build-time remotes: /config/remotes.json is read at run time (src/remotes/remote-loader.ts).
          remotes: {},
          shared,
          manifest: true,
          dts: false,
        }),
        // index.html with the app shell (src/app-shell): the signed-in frame painted before any script.
        new rspack.HtmlRspackPlugin({
          template: './public/index.html',
          favicon: './public/favicon.svg',
          templateParameters: {
            appShell: appShellHtml({
              script: src('app-shell/app-shell.ts'),
              css: src('app-shell/app-shell.css'),
              data: appShellData(ROUTES, { de, fr, it }),
              minify: !dev,
            }),
          },
        }),
        new rspack.CopyRspackPlugin({
          patterns: [{ from: 'public/manifest.webmanifest' }, { from: 'public/icons', to: 'icons' }],
        }),
        // /sw.js (Workbox, bundled from src/pwa/sw.ts): precaches this build and the remotes of
        // /config/remotes.json, Background Sync through the open windows.
        new ServiceWorkerPlugin({
          entry: path.join(dir, 'src/pwa/sw.ts'),
          extraAssets: () => filesBelow(path.join(dir, 'dist'), SITE_DIR),
        }),
        // .br/.gz next to every text asset, served by the gateway (production builds only).
        new PrecompressPlugin(),
      ],
      // antd's core in one lazy chunk (tools/rspack/shared-singletons.ts).
      optimization: {
        // antd's layout chunk: the first signed-in page's components and everything they import.
        splitChunks: shellSplitChunks({ layoutModules: antdModulesOf(dir, EAGER_ANTD_COMPONENTS) }),
        minimizer: shellMinimizer(),
      },
      performance: { hints: false },
      devServer: {
        host: '127.0.0.1',
        port: Number(process.env.PORT ?? 4200),
        historyApiFallback: true,
        hot: false,
        proxy: [{ context: ['/api', '/config', '/remotes'], target: gateway, changeOrigin: false }],
      },
    },
  ];
};
