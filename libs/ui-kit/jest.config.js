import path from 'node:path';
import { nodePreset } from '../../tools/jest/node-preset.js';

// Two runs: the theme and form-rule checks in Node (antd's theme.getDesignToken needs no DOM; zodRule's
// spec brings its own page), the components under jsdom like the remotes' (ListScreen.spec.tsx).
const node = nodePreset(import.meta.dirname, {
  displayName: 'ui-kit',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
});
const dom = nodePreset(import.meta.dirname, {
  displayName: 'ui-kit (jsdom)',
  testEnvironment: 'jsdom',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  testMatch: ['<rootDir>/src/**/*.spec.tsx'],
  setupFiles: [path.join(import.meta.dirname, '../../tools/jest/dom-setup.ts')],
  setupFilesAfterEnv: [path.join(import.meta.dirname, '../../tools/jest/rtl-setup.ts')],
});
// Reporters are a run's setting, not a project's.
const project = (config) => Object.fromEntries(Object.entries(config).filter(([key]) => key !== 'reporters'));
export default { reporters: node.reporters, testTimeout: 40_000, projects: [project(node), project(dom)] };
