import type { AppRoute } from '../../lib/app-route.tsx';
// Not lazy: it is the first screen of most visits, and on a phone network a lazy page costs a round trip.
import { LandingPage } from './components/landing-page.tsx';

export const landingRoutes: AppRoute[] = [{ path: '/', access: 'signed-out', component: LandingPage }];
