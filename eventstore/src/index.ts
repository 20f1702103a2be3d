// @myworld/eventstore: the event-store port and its adapters (PostgreSQL; KurrentDB when EVENTSTORE_URL
// is set, loaded on demand by openEventStore). Test helpers: '@myworld/eventstore/testing'.
export * from './port.ts';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.ts';
export { catchUp, type CatchUpOptions } from './catch-up.ts';
export { openEventStore } from './open-event-store.ts';
export { firstOnly, survivesConnectionLoss, type ConnectionErrorHandler } from './postgres/connection-loss.ts';
// Crypto-shredding is wired by openEventStore (personal-data/); readers only need how redacted fields read.
export { REDACTED_DATE, REDACTED_TEXT, redactedValue, personalFieldsOf } from './personal-data/personal-fields.ts';
