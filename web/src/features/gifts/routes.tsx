import { lazyPage, type AppRoute } from '../../lib/app-route.tsx';

// Carries Stripe.js, which no other page downloads.
const PaymentConfirmPage = lazyPage(() => import('./components/payment-confirm-page.tsx'), 'PaymentConfirmPage');

/** Send Gift's new window confirms the card payment here (signed-in users, who bought the gift). */
export const giftsRoutes: AppRoute[] = [
  { path: '/payments/confirm', access: 'signed-in', component: PaymentConfirmPage },
];
