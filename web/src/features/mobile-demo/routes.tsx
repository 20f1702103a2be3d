import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const MobileDemoPage = lazyPage(() => import('./components/mobile-demo-page.tsx'), 'MobileDemoPage');

/** The mobile demo, open to visitors and signed-in users alike. */
export const mobileDemoRoutes: AppRoute[] = [{ path: '/mobile-test', access: 'everyone', component: MobileDemoPage }];
