import { accountsWorkers } from './accounts/index.ts';
import { liveStreamsWorkers } from './live-streams/index.ts';
import { mediaWorkers } from './media/index.ts';
import { moderationWorkers } from './moderation/index.ts';
import { storiesWorkers } from './stories/index.ts';
import type { WorkerFeature } from './platform/feature.ts';

/** Every feature's background work; main.ts starts each one. A new feature adds one line. */
export const features: readonly WorkerFeature[] = [
  accountsWorkers,
  liveStreamsWorkers,
  mediaWorkers,
  moderationWorkers,
  storiesWorkers,
];
