import type { AppRoute } from '../../lib/app-route.tsx';

/** Follows has no page of its own: its Follow button fills the FollowButton slot (profiles, feed). */
export const followsRoutes: AppRoute[] = [];
