// @myworld/schemas: the browser-safe contracts (no node:*, no environment). Server-only code is
// in ./server.ts (`@myworld/schemas/server`).
export * from './platform/index.ts';
export * from './accounts/index.ts';
export * from './follows/index.ts';
export * from './live-streams/index.ts';
export * from './media/index.ts';
export * from './posts/index.ts';
export * from './engagement/index.ts';
export * from './feed/index.ts';
export * from './profiles/index.ts';
export * from './stories/index.ts';
export * from './messages/index.ts';
export * from './search/index.ts';
export * from './trending/index.ts';
export * from './recommendations/index.ts';
export * from './events.ts';
export * from './ws.ts';
