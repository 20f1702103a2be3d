import pino from 'pino';
import { openEventStore } from '@myworld/eventstore';
import { loadWorkersConfig } from './config.ts';
import { features } from './features.ts';

/** The workers process: every registered feature's reactors, workers and schedules, until SIGTERM. */
const config = loadWorkersConfig();
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'workers' } });
const store = await openEventStore(config, (err) => logger.warn({ err }, 'event store connection lost; replacing it'));
const running = features.map((feature) => ({
  name: feature.name,
  run: feature.start({ store, config, logger: logger.child({ feature: feature.name }) }),
}));

let stopping = false;
const shutdown = async (signal: string, code = 0) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping workers');
  await Promise.all(running.map(({ run }) => run.stop()));
  await store.close();
  process.exit(code);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

// A part that cannot set itself up fails through `done` (below), which stops the process.
await Promise.all(running.map(({ run }) => run.ready?.catch(() => undefined)));
logger.info({ publicUrl: config.PUBLIC_URL, features: running.map((r) => r.name) }, 'workers running');
for (const { name, run } of running) {
  run.done.catch((error: unknown) => {
    logger.fatal(
      { err: error, feature: name },
      "a feature's background work failed; exiting so the supervisor restarts us",
    );
    void shutdown('feature-failure', 1);
  });
}
