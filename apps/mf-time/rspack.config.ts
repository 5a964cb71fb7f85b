import { remoteRspackConfig } from '../../tools/rspack/remote-config.ts';

// Shared by every remote: see tools/rspack/remote-config.ts. Standalone page: login + the pages of mf-time.
export default remoteRspackConfig({
  dir: import.meta.dirname,
  name: 'time',
  exposes: { './App': './src/App.tsx' },
  port: 4202,
  title: 'Zunft – Zeiterfassung',
});
