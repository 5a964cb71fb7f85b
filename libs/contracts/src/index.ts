export * from './common.js';
export * from './validators.js';
export * from './auth.js';
export * from './users.js';
export * from './company.js';
export * from './events.js';
export * from './operations.js';
export * from './surcharges.js';
