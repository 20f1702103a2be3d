import { PAYMENT_RETURN_CHANNEL, paymentReturnNotice, type PaymentReturnNotice } from '@myworld/schemas';

/**
 * The buyer's tab and its payment window, which share no opener (the window is cut loose from this
 * page): they talk over a BroadcastChannel of this origin. The tab that opened a payment for the
 * stream it still shows answers the window's report and shows the outcome; the window then closes.
 * With no such tab (closed, or gone to another page) nobody answers, and the window opens the
 * stream itself.
 */

export type PaymentOutcome = 'succeeded' | 'failed';

interface Pending {
  /** The page that asked for the payment ("/stream/{id}"); only a tab still showing it takes the outcome. */
  readonly path: string;
  readonly onOutcome: (outcome: PaymentOutcome) => void;
}

const pending = new Map<string, Pending>();
let channel: BroadcastChannel | null = null;

const openChannel = (): BroadcastChannel | null =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel(PAYMENT_RETURN_CHANNEL) : null;

function parse(data: unknown): PaymentReturnNotice | null {
  const notice = paymentReturnNotice.safeParse(data);
  return notice.success ? notice.data : null;
}

function listen(): void {
  if (channel) return;
  channel = openChannel();
  if (!channel) return;
  channel.onmessage = (e: MessageEvent) => {
    const notice = parse(e.data);
    if (notice?.type !== 'payment_returned') return;
    const payment = pending.get(notice.paymentIntentId);
    if (!payment || window.location.pathname !== payment.path) return;
    pending.delete(notice.paymentIntentId);
    channel?.postMessage({
      type: 'payment_taken',
      paymentIntentId: notice.paymentIntentId,
    } satisfies PaymentReturnNotice);
    payment.onOutcome(notice.outcome);
    if (pending.size === 0) {
      channel?.close();
      channel = null;
    }
  };
}

/**
 * In the buyer's tab: waits for the payment window's report of `paymentIntentId`, made from the
 * page at `path`. Kept for the tab's life (not a component's): the buyer may switch tabs of the room.
 */
export function awaitPaymentReturn(
  paymentIntentId: string,
  path: string,
  onOutcome: (outcome: PaymentOutcome) => void,
): void {
  pending.set(paymentIntentId, { path, onOutcome });
  listen();
}

/**
 * In the payment window: reports the outcome and resolves true once the buyer's tab took it, or
 * false after `waitMs` without an answer (or where BroadcastChannel does not exist).
 */
export function reportPaymentReturn(
  paymentIntentId: string,
  outcome: PaymentOutcome,
  waitMs: number,
): Promise<boolean> {
  const reply = openChannel();
  if (!reply) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (taken: boolean) => {
      clearTimeout(timer);
      reply.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), waitMs);
    reply.onmessage = (e: MessageEvent) => {
      const notice = parse(e.data);
      if (notice?.type === 'payment_taken' && notice.paymentIntentId === paymentIntentId) done(true);
    };
    reply.postMessage({ type: 'payment_returned', paymentIntentId, outcome } satisfies PaymentReturnNotice);
  });
}
