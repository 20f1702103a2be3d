// @myworld/schemas/server: server-only code (environment, node:crypto, secrets). Never imported by
// the web build. Everything browser-safe comes from the package root.
export * from './platform/server.ts';
export * from './accounts/server.ts';
export * from './media/server.ts';
