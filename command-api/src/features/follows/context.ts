import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** Follows routes need only the platform. */
export type FollowsContext = Platform;

/** Defines one follows route (see routes/). */
export const followsRoute = routeFor<FollowsContext>();
