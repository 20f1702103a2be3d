import { describe, it } from 'vitest';
import { runEventStoreContract } from './testing/event-store-contract.ts';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store.ts';
import { locateKurrentDb, redact } from './kurrentdb/testing/kurrentdb-server.ts';

/*
 * The event-store contract against a real KurrentDB/EventStoreDB: the server at EVENTSTORE_URL if
 * it answers, else one started in Docker with testcontainers, else the suite is reported as
 * skipped with the reason in its title (never as passed).
 */
const location = await locateKurrentDb();

if (location.kind === 'url') {
  runEventStoreContract(`KurrentDB at ${redact(location.url)}`, async () => {
    const store = new KurrentDbEventStore(location.url);
    return { store, dispose: () => store.close() };
  });
} else if (location.kind === 'docker') {
  runEventStoreContract('KurrentDB in a testcontainers container', async () => {
    // Imported only here so machines without Docker never load testcontainers.
    const { startKurrentDbContainer } = await import('./kurrentdb/testing/kurrentdb-container.ts');
    const server = await startKurrentDbContainer();
    const store = new KurrentDbEventStore(server.url);
    return {
      store,
      dispose: async () => {
        await store.close();
        await server.stop();
      },
    };
  });
} else {
  const title = `KurrentDB contract — skipped: ${location.reason}`;
  // The default reporter lists a skipped file without its tests' titles: say why out loud too.
  console.warn(title);
  describe.skip(title, () => {
    it('runs the event-store contract against a KurrentDB server', () => {});
  });
}
