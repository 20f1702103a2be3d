import { LandingPage } from '../../features/landing/components/landing-page.tsx';
import { useLinkNotices } from '../../features/auth/hooks/use-link-notices.ts';

/** "/" for visitors: the landing page, plus the toasts an email link's redirect asks for. */
export function LandingRoute() {
  useLinkNotices();
  return <LandingPage />;
}
