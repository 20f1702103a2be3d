import type { AppRoute } from '../../lib/app-route.tsx';

/** The composer (/create-post), /quick-videos and the detail pages come with the rest of the posts issue. */
export const postsRoutes: AppRoute[] = [];
