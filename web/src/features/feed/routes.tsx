import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const HomePage = lazyPage(() => import('./components/home-page.tsx'), 'HomePage');
const PostDetailPage = lazyPage(() => import('./components/post-detail-page.tsx'), 'PostDetailPage');

/** Home's feed, and the detail pages a post's link (share, search) opens: /video/{id} and /post/{id}. */
export const feedRoutes: AppRoute[] = [
  { path: '/', access: 'signed-in', component: HomePage },
  { path: '/video/:id', access: 'signed-in', component: PostDetailPage },
  { path: '/post/:id', access: 'signed-in', component: PostDetailPage },
];
