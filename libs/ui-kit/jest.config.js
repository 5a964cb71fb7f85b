import { nodePreset } from '../../tools/jest/node-preset.js';

// Theme checks run in Node (antd's theme.getDesignToken needs no DOM).
export default nodePreset(import.meta.dirname, {
  displayName: 'ui-kit',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
});
