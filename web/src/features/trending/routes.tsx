import type { AppRoute } from '../../lib/app-route.tsx';

/** Trending has no page of its own: /search (empty query) and /discover show it. */
export const trendingRoutes: AppRoute[] = [];
