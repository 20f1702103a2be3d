export * from './position.ts';
export * from './event-metadata.ts';
export * from './config.ts';
export * from './auth.ts';
