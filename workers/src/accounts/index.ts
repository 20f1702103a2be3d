import type { WorkerFeature } from '../platform/feature.ts';
import { startAccountsEmails } from './emails.pipeline.ts';
import { startSnapshotRetention } from './snapshot-retention.pipeline.ts';
import { startUsernameRelease } from './username-release.pipeline.ts';

/** accounts: mails the verification and password-reset links the log asks for, frees deleted accounts' usernames after their hold, and drops as-of snapshots a deletion or their age ends. */
export const accountsWorkers: WorkerFeature = {
  name: 'accounts',
  start: ({ store, config, logger }) => {
    const snapshots = startSnapshotRetention(config, logger);
    const parts = [
      startAccountsEmails(store, config, logger),
      startUsernameRelease(store, config, logger, snapshots.onBatch),
      snapshots,
    ];
    return {
      done: Promise.all(parts.map((p) => p.done)).then(() => undefined),
      async stop() {
        await Promise.all(parts.map((p) => p.stop()));
      },
    };
  },
};
