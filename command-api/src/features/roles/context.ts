import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** Roles routes need only the platform. */
export type RolesContext = Platform;

/** Defines one roles route (see routes/). */
export const rolesRoute = routeFor<RolesContext>();
