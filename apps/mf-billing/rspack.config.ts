import { remoteRspackConfig } from '../../tools/rspack/remote-config.ts';

// Shared by every remote: see tools/rspack/remote-config.ts. Standalone page: login, quotes and the
// public quote acceptance.
export default remoteRspackConfig({
  dir: import.meta.dirname,
  name: 'billing',
  exposes: { './App': './src/App.tsx' },
  port: 4203,
  title: 'Zunft – Angebote',
});
