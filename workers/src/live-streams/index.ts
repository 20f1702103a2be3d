import type { WorkerFeature } from '../platform/feature.ts';
import { startStreamReminders } from './reminders.pipeline.ts';

/** live-streams: reminds the viewers who asked ("Remind Me") when a scheduled stream starts, by socket notice and email. */
export const liveStreamsWorkers: WorkerFeature = {
  name: 'live-streams',
  start: ({ store, config, logger }) => startStreamReminders(store, config, logger),
};
