// Browser-safe platform contracts. config.ts is server-only and is exported from ../server.ts.
export * from './position.ts';
export * from './event-metadata.ts';
export * from './messages.ts';
export * from './http.ts';
export * from './first-reads.ts';
export * from './safe-text.ts';
export * from './roles.ts';
export * from './ws.ts';
