export * from './openapi-document.js';
export * from './openapi-response.js';
