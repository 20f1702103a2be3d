import pino from 'pino';
import { openEventStore } from '@myworld/eventstore';
import { ProjectionRunner, createDatabase, postsProjection } from '@myworld/projections';
import { DEVELOPMENT_PERSONAL_DATA_SECRET } from '@myworld/schemas/server';
import { lagging } from './lagging-store.ts';

/**
 * The like bench's `posts` projection: `lagMs` behind the log, in a process of its own as the
 * projections run in production. Arguments: the database URL and the lag in ms; prints "running".
 */
const [databaseUrl, lagMs] = process.argv.slice(2) as [string, string];
const store = await openEventStore({
  DATABASE_URL: databaseUrl,
  PERSONAL_DATA_SECRET: DEVELOPMENT_PERSONAL_DATA_SECRET,
});
const db = createDatabase(databaseUrl);
const runner = new ProjectionRunner({
  store: lagging(store, Number(lagMs)),
  db,
  databaseUrl,
  projections: [postsProjection],
  logger: pino({ level: 'warn' }),
});
process.once('SIGTERM', () => {
  void runner
    .stop()
    .then(() => db.destroy())
    .then(() => store.close())
    .finally(() => process.exit(0));
});
await runner.start();
process.stdout.write('running\n');
