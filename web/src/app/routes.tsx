import type { AppRoute } from '../lib/app-route.tsx';
import { landingRoutes } from '../features/landing/routes.tsx';
import { feedRoutes } from '../features/feed/routes.tsx';
import { followsRoutes } from '../features/follows/routes.tsx';
import { accountsRoutes } from '../features/accounts/routes.tsx';
import { liveStreamsRoutes } from '../features/live-streams/routes.tsx';
import { mediaRoutes } from '../features/media/routes.tsx';
import { postsRoutes } from '../features/posts/routes.tsx';
import { engagementRoutes } from '../features/engagement/routes.tsx';
import { profilesRoutes } from '../features/profiles/routes.tsx';
import { storiesRoutes } from '../features/stories/routes.tsx';
import { messagesRoutes } from '../features/messages/routes.tsx';
import { searchRoutes } from '../features/search/routes.tsx';
import { recommendationsRoutes } from '../features/recommendations/routes.tsx';
import { trendingRoutes } from '../features/trending/routes.tsx';
import { giftsRoutes } from '../features/gifts/routes.tsx';
import { moderationRoutes } from '../features/moderation/routes.tsx';
import { rolesRoutes } from '../features/roles/routes.tsx';
import { analyticsRoutes } from '../features/analytics/routes.tsx';
import { legalRoutes } from '../features/legal/routes.tsx';
import { mobileDemoRoutes } from '../features/mobile-demo/routes.tsx';
import { videoEditorTestRoutes } from '../features/video-editor-test/routes.tsx';
import { videoEditorRoutes } from '../features/video-editor/routes.tsx';

/**
 * Every screen of the client: each feature's own routes, one line per feature. A path outside
 * the session's routes shows "404 Page Not Found", or for a visitor at a signed-in page the sign-in page (see app-shell.tsx).
 */
export const appRoutes: AppRoute[] = [
  ...landingRoutes,
  ...feedRoutes,
  ...accountsRoutes,
  ...liveStreamsRoutes,
  ...mediaRoutes,
  ...followsRoutes,
  ...postsRoutes,
  ...engagementRoutes,
  ...profilesRoutes,
  ...storiesRoutes,
  ...messagesRoutes,
  ...searchRoutes,
  ...recommendationsRoutes,
  ...trendingRoutes,
  ...giftsRoutes,
  ...moderationRoutes,
  ...rolesRoutes,
  ...analyticsRoutes,
  ...legalRoutes,
  ...mobileDemoRoutes,
  ...videoEditorTestRoutes,
  ...videoEditorRoutes,
];
