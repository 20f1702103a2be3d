import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const RecommendationsPage = lazyPage(() => import('./components/recommendations-page.tsx'), 'RecommendationsPage');

/** Recommendations are the signed-in user's own (they are fetched only when signed in). */
export const recommendationsRoutes: AppRoute[] = [
  { path: '/recommendations', access: 'signed-in', component: RecommendationsPage },
];
