// Trending contracts, browser-safe.
export * from './rules.ts';
export * from './http.ts';
