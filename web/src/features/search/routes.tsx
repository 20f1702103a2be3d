import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const SearchPage = lazyPage(() => import('./components/search-page.tsx'), 'SearchPage');
const DiscoverPage = lazyPage(() => import('./components/discover-page.tsx'), 'DiscoverPage');
const HashtagPage = lazyPage(() => import('./components/hashtag-page.tsx'), 'HashtagPage');

/** Search, discover and a hashtag's posts: open to visitors and signed-in users alike. */
export const searchRoutes: AppRoute[] = [
  { path: '/search', access: 'everyone', component: SearchPage },
  { path: '/discover', access: 'everyone', component: DiscoverPage },
  { path: '/hashtag/:tag', access: 'everyone', component: HashtagPage },
];
