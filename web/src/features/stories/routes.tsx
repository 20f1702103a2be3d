import type { AppRoute } from '../../lib/app-route.tsx';

/** Stories have no page of their own: the strip, viewer and create dialog fill Home's StoriesStrip slot. */
export const storiesRoutes: AppRoute[] = [];
