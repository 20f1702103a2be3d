// Public profile contracts, browser-safe.
export * from './messages.ts';
export * from './http.ts';
