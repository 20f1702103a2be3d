export { KurrentDbEventStore, type KurrentDbEventStoreOptions } from './kurrentdb-event-store.ts';
