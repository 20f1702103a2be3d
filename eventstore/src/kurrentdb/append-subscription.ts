import { END, excludeSystemEvents, type AllStreamSubscription, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { Subscription } from '../port.ts';

export interface AppendSubscriptionOptions {
  /** Wake anyway this often, in case a push was lost while resubscribing. */
  safetyPollMs: number;
  /** Wait after a dropped subscription before subscribing again. */
  resubscribeDelayMs: number;
  /** Longest wait for the server to confirm the subscription before returning. */
  confirmTimeoutMs: number;
}

/**
 * Pushes a wake-up for every new non-system event: a live $all subscription from the end,
 * filtered on the server (system event types are never sent). It only wakes; callers read
 * with readAll from their own checkpoint, so a lost or doubled push never loses or doubles an event.
 */
export async function subscribeToAppends(
  client: KurrentDBClient,
  onWake: () => void,
  options: AppendSubscriptionOptions,
): Promise<Subscription> {
  let closed = false;
  let current: AllStreamSubscription | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const subscribe = (): Promise<void> => {
    const subscription = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    current = subscription;
    subscription.on('data', () => onWake());
    subscription.on('error', () => {
      if (closed || current !== subscription) return;
      current = undefined;
      void subscription.unsubscribe().catch(() => undefined);
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (!closed) void subscribe();
      }, options.resubscribeDelayMs);
    });
    // Appends between "subscribe" and "confirmed" produce no push: wake once when live.
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (!closed) onWake();
        resolve();
      };
      const timer = setTimeout(done, options.confirmTimeoutMs);
      subscription.once('confirmation', done);
      subscription.once('error', done);
    });
  };

  await subscribe();
  const poll = setInterval(() => onWake(), options.safetyPollMs);

  return {
    async close() {
      closed = true;
      clearInterval(poll);
      if (retryTimer) clearTimeout(retryTimer);
      await current?.unsubscribe().catch(() => undefined);
      current = undefined;
    },
  };
}
