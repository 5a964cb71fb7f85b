import { nodePreset } from '../../tools/jest/node-preset.js';
export default nodePreset(import.meta.dirname, { displayName: 'contracts' });
