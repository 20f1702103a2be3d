import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { usePaymentsConfig } from '../api/get-payments-config.ts';
import { safeReturnTo } from '../lib/return-to.ts';
import { GIFT_TEXTS } from '../lib/gift-texts.ts';
import { StripePayment } from './stripe-payment.tsx';
import './gifts.css';

/**
 * /payments/confirm?payment_intent=&client_secret=&return_to=: where Send Gift's new window
 * confirms the card payment. With Stripe, its Payment Element; with the development provider, the
 * server's own page (/dev/payments/{id}). Either way the buyer ends on return_to (the stream).
 */
export function PaymentConfirmPage() {
  const query = new URLSearchParams(useSearch());
  const paymentIntent = query.get('payment_intent');
  const clientSecret = query.get('client_secret');
  const returnTo = safeReturnTo(query.get('return_to'));
  const config = usePaymentsConfig();

  let body: ReactNode;
  if (!paymentIntent || !clientSecret) body = <p className="muted">{GIFT_TEXTS.paymentIncomplete}</p>;
  else if (config.isLoading) body = <span className="spinner" role="progressbar" aria-label="Loading" />;
  else if (config.isError) body = <p className="payment-form__error">{config.error.message}</p>;
  else if (config.data?.provider === 'development')
    body = <DevelopmentPayment paymentIntent={paymentIntent} returnTo={returnTo} />;
  else if (config.data?.publishableKey)
    body = (
      <StripePayment publishableKey={config.data.publishableKey} clientSecret={clientSecret} returnTo={returnTo} />
    );
  else body = <p className="muted">{GIFT_TEXTS.paymentUnavailable}</p>;

  return (
    <main className="payment-page" data-testid="payment-confirm-page">
      <h1 className="payment-page__title">{GIFT_TEXTS.paymentTitle}</h1>
      {body}
      <Link href={returnTo} onClick={closeInstead}>
        {GIFT_TEXTS.back}
      </Link>
    </main>
  );
}

/**
 * Back, in the window Send Gift opened: the buyer's tab still shows the stream, so the window just
 * closes (opening the stream here would make a second viewer). A tab the browser will not let a
 * script close (the buyer opened the link themselves) follows the link.
 */
function closeInstead(e: MouseEvent) {
  window.close();
  if (window.closed) e.preventDefault();
}

/** The development provider confirms on a server page (not part of this client): a full navigation. */
function DevelopmentPayment({ paymentIntent, returnTo }: { paymentIntent: string; returnTo: string }) {
  const target = `/dev/payments/${encodeURIComponent(paymentIntent)}?return_to=${encodeURIComponent(returnTo)}`;
  useEffect(() => window.location.replace(target), [target]);
  return <p className="muted">{GIFT_TEXTS.paymentRedirecting}</p>;
}
