import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedSingletons } from '../../tools/rspack/shared-singletons.ts';

const require = createRequire(import.meta.url);
const dir = import.meta.dirname;
const pkg = require('./package.json') as { dependencies: Record<string, string> };

/** Identical in the shell and every remote: see tools/rspack/shared-singletons.ts. */
const shared = sharedSingletons(pkg.dependencies);

export default (_env: unknown, argv: { mode?: string } = {}): Configuration => {
  // The CLI's --mode wins (it overrides the config's `mode`); `rspack serve` alone sets NODE_ENV.
  const mode =
    argv.mode === 'development' || argv.mode === 'production'
      ? argv.mode
      : process.env.NODE_ENV === 'development'
        ? 'development'
        : 'production';
  const dev = mode === 'development';
  // The standalone page (login + the three pages of mf-time) is only built for `rspack serve` / STANDALONE=1;
  // the production build is the remote alone.
  const standalone = dev || process.env.STANDALONE === '1';

  return {
    mode,
    context: dir,
    entry: standalone ? { main: './src/index.ts' } : {},
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: 'zunft_time',
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
      new ModuleFederationPlugin({
        name: 'time',
        filename: 'remoteEntry.js',
        exposes: { './App': './src/App.tsx' },
        shared,
        manifest: true,
        dts: false,
      }),
      ...(standalone
        ? [new rspack.HtmlRspackPlugin({ template: './src/index.html', title: 'Zunft – Zeiterfassung' })]
        : []),
    ],
    optimization: { splitChunks: { chunks: 'async' } },
    performance: { hints: false },
    devServer: {
      host: '127.0.0.1',
      port: Number(process.env.PORT ?? 4202),
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://127.0.0.1:8080', changeOrigin: false }],
    },
  };
};
