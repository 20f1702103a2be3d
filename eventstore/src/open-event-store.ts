import type { EventStore } from './port.ts';
import { PostgresEventStore } from './postgres/postgres-event-store.ts';

/**
 * The event store this deployment uses: EventStoreDB/KurrentDB when EVENTSTORE_URL is set,
 * otherwise the PostgreSQL log in DATABASE_URL (created if missing).
 */
export async function openEventStore(config: { DATABASE_URL: string; EVENTSTORE_URL?: string | undefined }): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    const { KurrentDbEventStore } = await import('./kurrentdb/kurrentdb-event-store.ts');
    return new KurrentDbEventStore(config.EVENTSTORE_URL);
  }
  const store = new PostgresEventStore({ connectionString: config.DATABASE_URL });
  await store.migrate();
  return store;
}
