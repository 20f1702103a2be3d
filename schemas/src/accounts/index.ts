// Accounts contracts, browser-safe. Server-only code (tokens, TOKEN_SECRET) is in ./server.ts.
export * from './messages.ts';
export * from './rules.ts';
export * from './profile-rules.ts';
export * from './http.ts';
export * from './events.ts';
