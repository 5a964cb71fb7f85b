export * from './keyset.js';
export * from './list-totals.js';
