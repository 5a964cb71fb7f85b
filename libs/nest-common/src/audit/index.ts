export * from './support-actions.js';
