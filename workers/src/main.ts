import pino from 'pino';
import { openEventStore } from '@myworld/eventstore';
import { loadWorkersConfig } from './config.ts';
import { startAccountsEmails } from './accounts/email-pipeline.ts';

/** The workers process: the accounts email reactor and worker, until SIGTERM. */
const config = loadWorkersConfig();
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'workers' } });
const store = await openEventStore(config);
const accountsEmails = startAccountsEmails(store, config, logger.child({ feature: 'accounts' }));

let stopping = false;
const shutdown = async (signal: string, code = 0) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping workers');
  await accountsEmails.stop();
  await store.close();
  process.exit(code);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

logger.info({ publicUrl: config.PUBLIC_URL }, 'workers running');
accountsEmails.reactorDone.catch((error: unknown) => {
  logger.fatal({ err: error }, 'the accounts email reactor failed; exiting so the supervisor restarts us');
  void shutdown('reactor-failure', 1);
});
