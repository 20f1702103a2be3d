import type { WorkerFeature } from '../platform/feature.ts';
import { startModerationPolicies } from './policies.reactor.ts';

/** moderation: what follows from reports (auto-hide, showing an item again, a removal's fan-out), decided once, from the log. */
export const moderationWorkers: WorkerFeature = {
  name: 'moderation',
  start: ({ store, config, logger }) => startModerationPolicies(store, config, logger),
};
