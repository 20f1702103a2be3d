import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';
import { listenForContentRemoved } from './lib/content-removed-notices.ts';

const ModerationPage = lazyPage(() => import('./components/moderation-page.tsx'), 'ModerationPage');

// An author is told of a removal on any page (through the user's socket), so it starts with the app.
listenForContentRemoved();

/** The moderation queue; signed-in only, and the server answers it to moderators only. */
export const moderationRoutes: AppRoute[] = [
  { path: '/content-moderation', access: 'signed-in', component: ModerationPage },
];
