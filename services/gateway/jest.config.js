import { nodePreset } from '../../tools/jest/node-preset.js';

export default nodePreset(import.meta.dirname, {
  displayName: 'gateway',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  // Integration specs start real HTTP servers; a generous timeout keeps slow CI machines green.
  testTimeout: 30_000,
});
