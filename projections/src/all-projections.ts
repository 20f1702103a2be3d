import type { Projection } from './projection.ts';
import { timelinesProjection } from './timelines/timelines.projection.ts';
import { liveStreamsProjection } from './live-streams/live-streams.projection.ts';
import { usersProjection } from './users/users.projection.ts';

/** Every read model the product serves; the runner keeps each one's active generation current. */
export const allProjections: readonly Projection[] = [timelinesProjection, liveStreamsProjection, usersProjection];
