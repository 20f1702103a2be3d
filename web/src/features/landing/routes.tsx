import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const LandingPage = lazyPage(() => import('./components/landing-page.tsx'), 'LandingPage');

export const landingRoutes: AppRoute[] = [{ path: '/', access: 'signed-out', component: LandingPage }];
