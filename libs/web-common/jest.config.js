import path from 'node:path';
import { nodePreset } from '../../tools/jest/node-preset.js';

// Browser library: jsdom by default (storage, window); the API client specs pick the node
// environment per file (they need the real fetch Response/Headers classes).
export default nodePreset(import.meta.dirname, {
  displayName: 'web-common',
  testEnvironment: 'jsdom',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  setupFiles: [path.join(import.meta.dirname, '../../tools/jest/jsdom-setup.js')],
});
