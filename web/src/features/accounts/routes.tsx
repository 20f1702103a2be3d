import { Redirect } from 'wouter';
import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const LoginPage = lazyPage(() => import('./components/login-page.tsx'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./components/register-page.tsx'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('./components/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./components/reset-password-page.tsx'), 'ResetPasswordPage');
const ConfirmEmailChangePage = lazyPage(
  () => import('./components/confirm-email-change-page.tsx'),
  'ConfirmEmailChangePage',
);
const ProfilePage = lazyPage(() => import('./components/profile-page.tsx'), 'ProfilePage');

/**
 * A signed-in user who lands on a sign-in page (just after signing in, or from an old tab) is
 * better sent home than shown a 404.
 */
const GoHome = () => <Redirect to="/" replace />;

export const accountsRoutes: AppRoute[] = [
  { path: '/login', access: 'signed-out', component: LoginPage },
  { path: '/register', access: 'signed-out', component: RegisterPage },
  { path: '/forgot-password', access: 'signed-out', component: ForgotPasswordPage },
  { path: '/reset-password-form', access: 'signed-out', component: ResetPasswordPage },
  { path: '/login', access: 'signed-in', component: GoHome },
  { path: '/register', access: 'signed-in', component: GoHome },
  { path: '/forgot-password', access: 'signed-in', component: GoHome },
  { path: '/reset-password-form', access: 'signed-in', component: GoHome },
  { path: '/profile', access: 'signed-in', component: ProfilePage },
  // The link is opened wherever the new inbox is read, signed in there or not.
  { path: '/confirm-email-change', access: 'everyone', component: ConfirmEmailChangePage },
];
