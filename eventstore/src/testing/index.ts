// @myworld/eventstore/testing: helpers for tests that need a real event store.
export { createTestDatabase, type TestDatabase } from './test-database.ts';
export { recordedEvent, sampleEvent, testMetadata, uniqueStream } from './sample-events.ts';
export { runEventStoreContract, type ContractSubject } from './event-store-contract.ts';
