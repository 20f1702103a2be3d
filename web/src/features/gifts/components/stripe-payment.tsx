import { useEffect, useState, type FormEvent } from 'react';
// The /pure entry loads Stripe.js only when loadStripe is called: the main entry adds its <script> on
// import, on every page that bundles it, even with the development provider (and the CSP then refuses it).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { GIFT_MESSAGES, formatCents } from '@myworld/schemas';
import { GIFT_TEXTS } from '../lib/gift-texts.ts';

// One Stripe.js instance per publishable key for the page's life (Stripe asks not to load it per render).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) stripes.set(publishableKey, (stripe = loadStripe(publishableKey)));
  return stripe;
}

interface StripePaymentProps {
  publishableKey: string;
  clientSecret: string;
  /** A same-site path; Stripe sends the buyer there (with the outcome in the query) once confirmed. */
  returnTo: string;
}

/** Stripe's Payment Element for the gift's PaymentIntent, and the Pay button that confirms it. */
export function StripePayment({ publishableKey, clientSecret, returnTo }: StripePaymentProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <PayForm clientSecret={clientSecret} returnTo={returnTo} />
    </Elements>
  );
}

function PayForm({ clientSecret, returnTo }: { clientSecret: string; returnTo: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [amountCents, setAmountCents] = useState<number | null>(null);

  // The amount on the Pay button comes from Stripe itself: what will be charged, not what a link says.
  useEffect(() => {
    if (!stripe) return;
    let cancelled = false;
    void stripe.retrievePaymentIntent(clientSecret).then(({ paymentIntent }) => {
      if (!cancelled && paymentIntent) setAmountCents(paymentIntent.amount);
    });
    return () => {
      cancelled = true;
    };
  }, [stripe, clientSecret]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    setError(null);
    // Success leaves this page for return_url; only a failure comes back here.
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: window.location.origin + returnTo },
    });
    setError(result.error.message ?? GIFT_MESSAGES.paymentDeclined);
    setPaying(false);
  }

  return (
    <form className="card payment-form" onSubmit={(e) => void onSubmit(e)} data-testid="stripe-payment-form">
      <PaymentElement onReady={() => setReady(true)} />
      {error && (
        <p className="payment-form__error" role="alert" data-testid="payment-error">
          {error}
        </p>
      )}
      <p className="muted">{GIFT_MESSAGES.final}</p>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={!stripe || !elements || !ready || paying}
        data-testid="pay"
      >
        {paying
          ? GIFT_TEXTS.paying
          : amountCents === null
            ? GIFT_TEXTS.pay
            : `${GIFT_TEXTS.pay} ${formatCents(amountCents)}`}
      </button>
    </form>
  );
}
