import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** Moderation routes need only the platform (roles are enforced from each route's `auth`). */
export type ModerationContext = Platform;

/** Defines one moderation route (see routes/). */
export const moderationRoute = routeFor<ModerationContext>();
