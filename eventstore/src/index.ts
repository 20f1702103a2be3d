export * from './port.ts';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.ts';
export { catchUp, type CatchUpOptions } from './catch-up.ts';
export { openEventStore } from './open-event-store.ts';
