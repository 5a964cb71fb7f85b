export * from './catalogue.js';
export * from './server-messages.js';
export * from './validation-language.js';
export * from './success-messages.js';
