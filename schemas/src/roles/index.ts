// Roles contracts, browser-safe (the Role type itself is in platform/roles.ts).
export * from './rules.ts';
export * from './messages.ts';
export * from './http.ts';
export * from './events.ts';
