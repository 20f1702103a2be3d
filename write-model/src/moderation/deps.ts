import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import type { ReadModels } from '@myworld/projections';
import type { z } from 'zod';
import type { moderationConfigShape } from './config.ts';

/** The moderation settings of the configuration (config.ts), in the API and in the workers alike. */
export type ModerationConfig = {
  readonly [K in keyof typeof moderationConfigShape]: z.infer<(typeof moderationConfigShape)[K]>;
};

/** What moderation's decisions read and write: the log, the read models and the configuration (no HTTP). */
export interface ModerationDeps {
  readonly store: EventStore;
  readonly readModels: ReadModels;
  readonly logger: Logger;
  readonly config: ModerationConfig;
}
