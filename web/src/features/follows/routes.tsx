import type { AppRoute } from '../../lib/app-route.tsx';

/** Follows has no page of its own: Follow buttons and counts appear on profiles and in the feed. */
export const followsRoutes: AppRoute[] = [];
