import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const PublicProfilePage = lazyPage(() => import('./components/public-profile-page.tsx'), 'PublicProfilePage');

/** Anyone's profile, by user id or username (search links use the username). The own one is /profile (accounts). */
export const profilesRoutes: AppRoute[] = [
  { path: '/profile/:userId', access: 'everyone', component: PublicProfilePage },
];
