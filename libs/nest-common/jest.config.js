import { nodePreset } from '../../tools/jest/node-preset.js';
export default nodePreset(import.meta.dirname, {
  displayName: 'nest-common',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  testTimeout: 30_000,
});
