import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** Profile routes need only the platform (the users, follows and posts read models). */
export type ProfilesContext = Platform;

/** Defines one profiles route (see routes/). */
export const profilesRoute = routeFor<ProfilesContext>();
