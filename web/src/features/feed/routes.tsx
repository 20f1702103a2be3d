import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const HomePage = lazyPage(() => import('./components/home-page.tsx'), 'HomePage');

export const feedRoutes: AppRoute[] = [{ path: '/', access: 'signed-in', component: HomePage }];
