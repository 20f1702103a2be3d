import type { EventStore } from './port.ts';
import { PostgresEventStore } from './postgres/postgres-event-store.ts';
import { PersonalDataEventStore } from './personal-data/personal-data-event-store.ts';
import { PostgresSubjectKeys } from './personal-data/subject-keys.ts';
import type { ConnectionErrorHandler } from './postgres/connection-loss.ts';

/**
 * The event store this deployment uses: EventStoreDB/KurrentDB when EVENTSTORE_URL is set,
 * otherwise the PostgreSQL log in DATABASE_URL (created if missing). Either way it is wrapped in
 * crypto-shredding of personal fields, whose keys live in DATABASE_URL (personal-data/), wrapped
 * with a key derived from PERSONAL_DATA_SECRET. `onConnectionError` hears of each PostgreSQL
 * connection the server ends (each is replaced; the process carries on).
 */
export async function openEventStore(
  config: {
    DATABASE_URL: string;
    EVENTSTORE_URL?: string | undefined;
    PERSONAL_DATA_SECRET: string;
  },
  onConnectionError?: ConnectionErrorHandler,
): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    const { KurrentDbEventStore } = await import('./kurrentdb/kurrentdb-event-store.ts');
    return withPersonalData(
      new KurrentDbEventStore(config.EVENTSTORE_URL),
      PostgresSubjectKeys.connect(config.DATABASE_URL, config.PERSONAL_DATA_SECRET, onConnectionError),
    );
  }
  const store = new PostgresEventStore({ connectionString: config.DATABASE_URL, onConnectionError });
  await store.migrate();
  return withPersonalData(store, new PostgresSubjectKeys(store.pool, config.PERSONAL_DATA_SECRET));
}

async function withPersonalData(store: EventStore, keys: PostgresSubjectKeys): Promise<EventStore> {
  await keys.migrate();
  return new PersonalDataEventStore(store, keys);
}
