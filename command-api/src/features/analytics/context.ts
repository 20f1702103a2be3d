import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** Analytics routes need only the platform (owner-or-analyst and admin are enforced from each route's `auth`). */
export type AnalyticsContext = Platform;

/** Defines one analytics route (see routes/). */
export const analyticsRoute = routeFor<AnalyticsContext>();
