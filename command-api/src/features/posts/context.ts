import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** Posts routes need only the platform. */
export type PostsContext = Platform;

/** Defines one posts route (see routes/). */
export const postsRoute = routeFor<PostsContext>();
