// @myworld/eventstore: the event-store port and its adapters (PostgreSQL; KurrentDB when EVENTSTORE_URL
// is set, loaded on demand by openEventStore). Test helpers: '@myworld/eventstore/testing'.
export * from './port.ts';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.ts';
export { catchUp, type CatchUpOptions } from './catch-up.ts';
export { openEventStore } from './open-event-store.ts';
export { PersonalDataEventStore, PostgresSubjectKeys, PERSONAL_FIELDS, REDACTED_DATE, REDACTED_TEXT, redactedValue, type SubjectKeys } from './personal-data/index.ts';
