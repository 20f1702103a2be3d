import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** Stories routes need only the platform (the TTL is config.STORY_TTL_SECONDS). */
export type StoriesContext = Platform;

/** Defines one stories route (see routes/). */
export const storiesRoute = routeFor<StoriesContext>();
