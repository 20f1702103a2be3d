import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';
// Not lazy: it is the first screen of most visits, and on a phone network a lazy page costs a round trip.
import { DEFAULT_FEED_TAB } from '@myworld/schemas';
import { HomePage } from './components/home-page.tsx';
import { postSourceQueryOptions } from './api/list-posts.ts';

const PostDetailPage = lazyPage(() => import('./components/post-detail-page.tsx'), 'PostDetailPage');

/** Home's feed, and the detail pages a post's link (share, search) opens: /video/{id} and /post/{id}. */
export const feedRoutes: AppRoute[] = [
  {
    path: '/',
    access: 'signed-in',
    component: HomePage,
    prefetch: (queryClient) =>
      void queryClient.prefetchInfiniteQuery(postSourceQueryOptions({ kind: 'feed', tab: DEFAULT_FEED_TAB })),
  },
  { path: '/video/:id', access: 'everyone', component: PostDetailPage },
  { path: '/post/:id', access: 'everyone', component: PostDetailPage },
];
