import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const AnalyticsPage = lazyPage(() => import('./components/analytics-page.tsx'), 'AnalyticsPage');

/** Creator analytics; signed-in only. The server answers a creator's own figures to them, anyone's to analysts. */
export const analyticsRoutes: AppRoute[] = [{ path: '/analytics', access: 'signed-in', component: AnalyticsPage }];
