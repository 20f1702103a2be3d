// Posts contracts, browser-safe.
export * from './rules.ts';
export * from './effects.ts';
export * from './messages.ts';
export * from './item.ts';
export * from './http.ts';
export * from './events.ts';
