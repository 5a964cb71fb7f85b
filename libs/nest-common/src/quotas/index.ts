export * from './daily-quota.js';
