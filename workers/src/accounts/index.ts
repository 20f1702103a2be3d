import type { WorkerFeature } from '../platform/feature.ts';
import { startAccountsEmails } from './emails.pipeline.ts';

/** accounts: mails the verification and password-reset links the log asks for. */
export const accountsWorkers: WorkerFeature = {
  name: 'accounts',
  start: ({ store, config, logger }) => startAccountsEmails(store, config, logger),
};
