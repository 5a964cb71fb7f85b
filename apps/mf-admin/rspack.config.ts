import { remoteRspackConfig } from '../../tools/rspack/remote-config.ts';

// Shared by every remote: see tools/rspack/remote-config.ts. Standalone page: login + the three pages.
export default remoteRspackConfig({
  dir: import.meta.dirname,
  name: 'admin',
  exposes: { './App': './src/App.tsx' },
  port: 4201,
  title: 'Zunft – Administration',
  define: {
    __ZUNFT_SUPPORT_EMAIL__: JSON.stringify(process.env.ZUNFT_SUPPORT_EMAIL ?? 'support@zunft.ch'),
  },
});
