import type { WorkerFeature } from '../platform/feature.ts';
import { startAccountsEmails } from './emails.pipeline.ts';
import { startUsernameRelease } from './username-release.pipeline.ts';

/** accounts: mails the verification and password-reset links the log asks for, and frees deleted accounts' usernames after their hold. */
export const accountsWorkers: WorkerFeature = {
  name: 'accounts',
  start: ({ store, config, logger }) => {
    const parts = [startAccountsEmails(store, config, logger), startUsernameRelease(store, config, logger)];
    return {
      done: Promise.all(parts.map((p) => p.done)).then(() => undefined),
      async stop() {
        await Promise.all(parts.map((p) => p.stop()));
      },
    };
  },
};
