// Gifts contracts, browser-safe.
export * from './messages.ts';
export * from './rules.ts';
export * from './format-cents.ts';
export * from './http.ts';
export * from './events.ts';
export * from './ws.ts';
export * from './payment-return.ts';
