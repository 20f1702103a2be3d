// Creator analytics contracts, browser-safe.
export * from './rules.ts';
export * from './messages.ts';
export * from './http.ts';
export * from './events.ts';
