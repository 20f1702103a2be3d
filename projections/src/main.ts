import pino from 'pino';
import { openEventStore } from '@myworld/eventstore';
import { allProjections } from './all-projections.ts';
import { loadProjectionsConfig } from './config.ts';
import { createDatabase } from './database.ts';
import { ProjectionRunner } from './runner.ts';

/**
 * The projections process: keeps every read model current until SIGTERM. A projection that fails
 * on an event stops alone (marked failed in the registry); only an infrastructure error (the
 * database gone) ends the process, for the supervisor to restart it.
 */
const config = loadProjectionsConfig();
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'projections' } });
const store = await openEventStore(config, (err) => logger.warn({ err }, 'event store connection lost; replacing it'));
const db = createDatabase(config.DATABASE_URL, {
  applicationName: 'myworld-projections',
  onConnectionError: (err) => logger.warn({ err }, 'read-model connection lost; replacing it'),
});
const runner = new ProjectionRunner({
  store,
  db,
  databaseUrl: config.DATABASE_URL,
  projections: allProjections,
  batchSize: config.PROJECTION_BATCH_SIZE,
  logger,
});

const shutdown = async (signal: string) => {
  logger.info({ signal }, 'stopping projections');
  await runner.stop();
  await db.destroy();
  await store.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await runner.start();
logger.info({ projections: allProjections.map((p) => `${p.name}@v${p.version}`) }, 'projections running');
try {
  await runner.done();
} catch (error) {
  logger.fatal({ err: error }, 'projections lost their infrastructure; exiting so the supervisor restarts us');
  process.exit(1);
}
