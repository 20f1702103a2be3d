import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** Defines one search route (see routes/); they read the search, trending and posts read models. */
export const searchRoute = routeFor<Platform>();
