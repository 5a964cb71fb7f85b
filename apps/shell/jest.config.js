import path from 'node:path';
import { nodePreset } from '../../tools/jest/node-preset.js';

const root = path.resolve(import.meta.dirname, '../..');
const base = nodePreset(import.meta.dirname);

export default {
  ...base,
  displayName: 'shell',
  testEnvironment: 'jsdom',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  setupFiles: [path.join(root, 'tools/jest/jsdom-setup.js')],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@zunft/(web-common|ui-kit)$': path.join(root, 'libs/$1/src/index.ts'),
    '\\.css$': '<rootDir>/test/style-stub.js',
  },
};
