import type { ComponentType } from 'react';
import { Redirect } from 'wouter';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { RegisterPage } from '../features/auth/components/register-page.tsx';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { HomeRoute } from './routes/home.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { LivePage } from '../features/live-streams/components/live-page.tsx';
import { LiveStreamsPage } from '../features/live-streams/components/live-streams-page.tsx';
import { GoLiveRoute, StreamRoute } from '../features/live-streams/components/lazy-pages.tsx';

/**
 * THE route table (spec §2 of both documents). Each set lists only the screens that exist; a
 * path in neither set shows "404 Page Not Found". Paths use wouter syntax (":streamId").
 *
 * To add a page: build it in its feature (features/<name>/components/...), then add one line to
 * the set(s) where it belongs, keeping the spec's order.
 */
export interface AppRoute {
  path: string;
  component: ComponentType;
}

const goHome = () => <Redirect to="/" replace />;

export const signedInRoutes: AppRoute[] = [
  { path: '/', component: HomeRoute },
  // Spec order: /profile, /profile/:userId, /messages, /upload, /quick-videos, /discover, /create-post,
  // then the live pages (/live is listing variant (b), /live-streams variant (a)):
  { path: '/live', component: LivePage },
  { path: '/live-streams', component: LiveStreamsPage },
  { path: '/go-live', component: GoLiveRoute },
  { path: '/stream/:streamId', component: StreamRoute },
  // then /search, /video-editor, /video-editor-test, /content-moderation, /analytics,
  // /recommendations, /mobile-test, /privacy-policy, /terms-of-service.

  // Not signed-in pages, but a signed-in user who lands on one (e.g. just after signing in, or
  // from an old tab) is better sent home than shown a 404.
  { path: '/login', component: goHome },
  { path: '/register', component: goHome },
  { path: '/forgot-password', component: goHome },
  { path: '/reset-password-form', component: goHome },
];

export const signedOutRoutes: AppRoute[] = [
  { path: '/', component: LandingRoute },
  { path: '/login', component: LoginPage },
  { path: '/register', component: RegisterPage },
  { path: '/forgot-password', component: ForgotPasswordPage },
  { path: '/reset-password-form', component: ResetPasswordPage },
  { path: '/live', component: LivePage },
  // /go-live shows visitors its sign-in-required card and /stream/{id} lets them watch without
  // the chat input (spec /go-live and §5), so both answer visitors too.
  { path: '/go-live', component: GoLiveRoute },
  { path: '/stream/:streamId', component: StreamRoute },
  // Visitors also get /discover, /search, /mobile-test, /privacy-policy, /terms-of-service.
];
