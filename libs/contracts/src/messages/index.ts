export * from './catalogue.js';
export * from './server-messages.js';
