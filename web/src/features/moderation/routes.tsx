import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const ModerationPage = lazyPage(() => import('./components/moderation-page.tsx'), 'ModerationPage');

/** The moderation queue; signed-in only, and the server answers it to moderators only. */
export const moderationRoutes: AppRoute[] = [{ path: '/content-moderation', access: 'signed-in', component: ModerationPage }];
