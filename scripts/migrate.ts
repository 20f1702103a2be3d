import pg from 'pg';
import {
  loadConfig,
  personalDataSecretShape,
  serverAddressConfigShape,
  sharedConfigSchema,
  storageConfigShape,
  withPublicUrl,
} from '@myworld/schemas/server';
import { openEventStore } from '@myworld/eventstore';
import { createDatabase, ensureRegistry } from '@myworld/projections';
import { ObjectStorage, ensureBucket } from '@myworld/storage';

/**
 * Prepares PostgreSQL: creates the database if missing, the event log (when PostgreSQL is the
 * event store) and the projection registry. Read-model tables are created by the projection
 * runner, one schema per generation. Then the object store's bucket, with CORS for the app's
 * origin. Safe to run any number of times.
 */
const config = withPublicUrl(
  loadConfig(
    sharedConfigSchema.extend({ ...serverAddressConfigShape, ...storageConfigShape, ...personalDataSecretShape }),
  ),
);

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      console.log(`[migrate] created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

await ensureDatabase(config.DATABASE_URL);
const store = await openEventStore(config);
await store.close();
const db = createDatabase(config.DATABASE_URL, { max: 1 });
await ensureRegistry(db);
await db.destroy();

const storage = new ObjectStorage(config);
const bucket = await ensureBucket(storage, { corsOrigins: [new URL(config.PUBLIC_URL).origin] });
storage.close();
console.log(
  `[migrate] bucket ${config.S3_BUCKET} on ${config.S3_ENDPOINT} ${bucket.created ? 'created' : 'ready'}${bucket.cors === 'set' ? `, CORS for ${new URL(config.PUBLIC_URL).origin}` : ''}`,
);
console.log(
  `[migrate] ready (${config.EVENTSTORE_URL ? 'EventStoreDB events' : 'PostgreSQL events'}, read models in ${new URL(config.DATABASE_URL).pathname.slice(1)})`,
);
