import path from 'node:path';
import { nodePreset } from '../../tools/jest/node-preset.js';

const base = nodePreset(import.meta.dirname, { displayName: 'billing' });
export default {
  ...base,
  // The shared preset maps the lib roots; the test helpers are a sub-path export of nest-common.
  moduleNameMapper: {
    '^@zunft/nest-common/testing$': path.resolve(import.meta.dirname, '../../libs/nest-common/src/testing/index.ts'),
    ...base.moduleNameMapper,
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  testTimeout: 30_000,
};
