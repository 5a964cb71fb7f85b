export * from './keyset.js';
export * from './list-totals.js';
export * from './paged-list.js';
