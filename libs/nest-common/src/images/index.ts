export * from './images.js';
