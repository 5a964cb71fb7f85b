import { remoteRspackConfig } from '../../tools/rspack/remote-config.ts';

// Shared by every remote: see tools/rspack/remote-config.ts. Two exposed modules: `./App` (signed-in
// pages: quotes, reports, invoices) and `./PublicApp` (the customer's token pages: quote acceptance
// and the report signature, no antd). Standalone page: login, the signed-in pages and the public ones.
export default remoteRspackConfig({
  dir: import.meta.dirname,
  name: 'billing',
  exposes: { './App': './src/App.tsx', './PublicApp': './src/PublicApp.tsx' },
  port: 4203,
  title: 'Zunft – Abrechnung',
});
