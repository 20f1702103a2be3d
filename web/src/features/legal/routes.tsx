import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

const PrivacyPolicyPage = lazyPage(() => import('./components/legal-page.tsx'), 'PrivacyPolicyPage');
const TermsOfServicePage = lazyPage(() => import('./components/legal-page.tsx'), 'TermsOfServicePage');

/** The legal pages, open to visitors and signed-in users alike. */
export const legalRoutes: AppRoute[] = [
  { path: '/privacy-policy', access: 'everyone', component: PrivacyPolicyPage },
  { path: '/terms-of-service', access: 'everyone', component: TermsOfServicePage },
];
