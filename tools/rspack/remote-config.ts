import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './precompress-plugin.ts';
import {
  ANTD_TRANSFORM_IMPORT,
  reactRouterSharedModule,
  reactRouterSharedPath,
  sharedSingletons,
} from './shared-singletons.ts';

/** One HTML page for every remote's standalone build; only the title differs. */
const STANDALONE_TEMPLATE = path.join(import.meta.dirname, 'standalone.html');

/** What differs between the remotes (mf-admin, mf-time, mf-billing); everything else is the same. */
export interface RemoteRspackOptions {
  /** The app's folder: `import.meta.dirname` of its rspack.config.ts. */
  dir: string;
  /** Module Federation name the shell loads the remote by ('admin'); the bundle's uniqueName is `zunft_<name>`. */
  name: string;
  /** Modules the remote exposes to the shell, e.g. `{ './App': './src/App.tsx' }`. */
  exposes: Record<string, string>;
  /** Port of `rspack serve` (standalone page); the PORT variable overrides it. */
  port: number;
  /** Title of the standalone page (tools/rspack/standalone.html). */
  title: string;
  /** Compile-time constants for DefinePlugin (values are source code, e.g. `JSON.stringify(text)`). */
  define?: Record<string, string>;
}

/**
 * The rspack config of a remote: production build = the Module Federation remote alone
 * (remoteEntry.js + mf-manifest.json); `rspack serve` / STANDALONE=1 also builds the standalone page
 * (src/index.ts → src/standalone.tsx) with the gateway behind /api.
 */
export function remoteRspackConfig(options: RemoteRspackOptions) {
  const { dir, name, exposes, port, title, define } = options;
  const require = createRequire(path.join(dir, 'rspack.config.ts'));
  const pkg = require('./package.json') as { dependencies: Record<string, string> };

  return (_env: unknown, argv: { mode?: string } = {}): Configuration => {
    // The CLI's --mode wins (it overrides the config's `mode`); `rspack serve` alone sets NODE_ENV.
    const mode =
      argv.mode === 'development' || argv.mode === 'production'
        ? argv.mode
        : process.env.NODE_ENV === 'development'
          ? 'development'
          : 'production';
    const dev = mode === 'development';
    // The standalone page (login + the remote's pages) is only built for `rspack serve` / STANDALONE=1;
    // the production build is the remote alone.
    const standalone = dev || process.env.STANDALONE === '1';
    /**
     * Identical in the shell and every remote: see tools/rspack/shared-singletons.ts. antd's
     * components come from the shell, except on the standalone page (no shell there).
     */
    const shared = sharedSingletons({ dir, dependencies: pkg.dependencies, provideAntd: standalone });

    return {
      mode,
      context: dir,
      entry: standalone ? { main: './src/index.ts' } : {},
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: `zunft_${name}`,
        filename: dev ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        conditionNames: ['browser', 'import', 'module', 'default'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
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
            // Workspace libs export their TypeScript source under the 'source' condition. Only our own
            // sources resolve with it: some npm packages (scroll-into-view-if-needed, used by antd)
            // also publish a 'source' entry with TypeScript that is not meant to be bundled.
            resolve: { conditionNames: ['source', 'browser', 'import', 'module', 'default'] },
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(?:png|jpe?g|gif|svg|webp)$/, type: 'asset' },
        ],
      },
      plugins: [
        // The shared react-router: only the names the workspace imports (shared-singletons.ts).
        new rspack.experiments.VirtualModulesPlugin({ [reactRouterSharedPath(dir)]: reactRouterSharedModule(dir) }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared,
          manifest: true,
          dts: false,
        }),
        ...(define ? [new rspack.DefinePlugin(define)] : []),
        ...(standalone ? [new rspack.HtmlRspackPlugin({ template: STANDALONE_TEMPLATE, title, publicPath: '/' })] : []),
        // .br/.gz next to every text asset, served by the gateway (production builds only).
        new PrecompressPlugin(),
      ],
      optimization: { splitChunks: { chunks: 'async' } },
      performance: { hints: false },
      devServer: {
        host: '127.0.0.1',
        port: Number(process.env.PORT ?? port),
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://127.0.0.1:8080', changeOrigin: false }],
      },
    };
  };
}
