import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** Recommendation routes need only the platform (the posts, recommendations and trending read models). */
export type RecommendationsContext = Platform;

/** Defines one recommendations route (see routes/). */
export const recommendationsRoute = routeFor<RecommendationsContext>();
