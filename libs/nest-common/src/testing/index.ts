// Test helpers of the services (sub-path export `@zunft/nest-common/testing`; tests only).
export * from './test-database.js';
export * from './test-app.js';
export * from './test-users.js';
export * from './user-status-check.js';
export * from './bad-input-suite.js';
export * from './png-bomb.js';
export * from './unknown-id-suite.js';
export * from './accountant-suite.js';
export * from '../tracing/testing.js';
