import { useEffect, useRef, useState } from 'react';
import { GIFT_MESSAGES } from '@myworld/schemas';
import { reportPaymentReturn, type PaymentOutcome } from '../lib/payment-returns.ts';
import './gifts.css';

/** How long the window waits for the buyer's tab to answer before opening the stream itself. */
export const PAYMENT_RETURN_WAIT_MS = 2_000;

export interface PaymentReturnProps {
  paymentIntentId: string;
  outcome: PaymentOutcome;
  /** Nobody took the outcome: the buyer's tab is gone, so this window becomes the stream's page. */
  onNoBuyerTab: () => void;
}

// One report per payment for the window's life: a remounted page (React's strict mode) does not report twice.
const reports = new Map<string, Promise<boolean>>();

/**
 * Where the payment window lands on /stream/{id} (Stripe's return, the outcome in the query): it
 * does not open the stream (no second viewer). It hands the outcome to the buyer's tab and closes,
 * or, with no such tab, lets the stream page open.
 */
export function PaymentReturn({ paymentIntentId, outcome, onNoBuyerTab }: PaymentReturnProps) {
  const [stayedOpen, setStayedOpen] = useState(false);
  const fallback = useRef(onNoBuyerTab);
  fallback.current = onNoBuyerTab;

  useEffect(() => {
    let cancelled = false;
    let report = reports.get(paymentIntentId);
    if (!report)
      reports.set(paymentIntentId, (report = reportPaymentReturn(paymentIntentId, outcome, PAYMENT_RETURN_WAIT_MS)));
    void report.then((taken) => {
      if (cancelled) return;
      if (!taken) return fallback.current();
      window.close();
      // Still here: the browser keeps windows a script did not open (the buyer opened the link themselves).
      setStayedOpen(true);
    });
    return () => {
      cancelled = true;
    };
  }, [paymentIntentId, outcome]);

  const succeeded = outcome === 'succeeded';
  return (
    <main className="payment-page" data-testid="payment-return" data-outcome={outcome}>
      <h1 className="payment-page__title">
        {succeeded ? GIFT_MESSAGES.paymentCompleteTitle : GIFT_MESSAGES.sendFailedTitle}
      </h1>
      <p className="muted" role="status">
        {!succeeded
          ? GIFT_MESSAGES.paymentDeclined
          : stayedOpen
            ? GIFT_MESSAGES.paymentCompleteClose
            : GIFT_MESSAGES.paymentComplete}
      </p>
    </main>
  );
}
