import type { AppRoute } from '../../lib/app-route.tsx';

/** Engagement has no page of its own: its side actions and comments fill the PostActions and PostComments slots. */
export const engagementRoutes: AppRoute[] = [];
