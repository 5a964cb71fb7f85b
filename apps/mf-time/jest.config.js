import path from 'node:path';
import { nodePreset } from '../../tools/jest/node-preset.js';

const root = path.resolve(import.meta.dirname, '../..');
const base = nodePreset(import.meta.dirname);

// Browser code: jsdom, TSX as ESM, the shared frontend libs from their sources.
export default nodePreset(import.meta.dirname, {
  displayName: 'mf-time',
  testEnvironment: 'jsdom',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@zunft/web-common/testing$': path.join(root, 'libs/web-common/src/testing/index.tsx'),
    '^@zunft/(web-common|ui-kit)$': path.join(root, 'libs/$1/src/index.ts'),
    '\\.css$': path.join(import.meta.dirname, 'src/test/style-stub.js'),
  },
  setupFiles: [path.join(import.meta.dirname, '../../tools/jest/dom-setup.ts')],
  setupFilesAfterEnv: [path.join(import.meta.dirname, '../../tools/jest/rtl-setup.ts')],
  // antd's CSS-in-JS under jsdom is slow on the first render of a table or dialog.
  testTimeout: 40_000,
});
