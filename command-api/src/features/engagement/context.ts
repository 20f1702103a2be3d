import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** What every engagement route shares: the platform itself (each route's write limit is its config.limit). */
export type EngagementContext = Platform;

/** Defines one engagement route (see routes/). */
export const engagementRoute = routeFor<EngagementContext>();
