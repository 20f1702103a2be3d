import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { GIFT_MESSAGES, PAYMENT_RETURN_CHANNEL, paymentReturnNotice } from '@myworld/schemas';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { PAYMENT_RETURN_WAIT_MS, PaymentReturn } from './payment-return.tsx';

const opened: BroadcastChannel[] = [];
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  for (const c of opened.splice(0)) c.close();
});

/** The buyer's tab, as the channel sees it: answers the window's report of `paymentIntentId`. */
function buyerTab(paymentIntentId: string) {
  const heard: unknown[] = [];
  const tab = new BroadcastChannel(PAYMENT_RETURN_CHANNEL);
  opened.push(tab);
  tab.onmessage = (e: MessageEvent) => {
    heard.push(e.data);
    const notice = paymentReturnNotice.parse(e.data);
    if (notice.type === 'payment_returned' && notice.paymentIntentId === paymentIntentId)
      tab.postMessage({ type: 'payment_taken', paymentIntentId });
  };
  return heard;
}

describe('PaymentReturn (the payment window back on /stream/{id})', () => {
  it("reports the outcome to the buyer's tab, which takes it, then closes the window", async () => {
    const heard = buyerTab('pi_1');
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const onNoBuyerTab = vi.fn();
    renderWithApp(<PaymentReturn paymentIntentId="pi_1" outcome="succeeded" onNoBuyerTab={onNoBuyerTab} />);
    expect(screen.getByRole('heading').textContent).toBe(GIFT_MESSAGES.paymentCompleteTitle);
    expect(screen.getByRole('status').textContent).toBe(GIFT_MESSAGES.paymentComplete);
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(heard).toEqual([{ type: 'payment_returned', paymentIntentId: 'pi_1', outcome: 'succeeded' }]);
    // A window the browser keeps open (the buyer opened the link themselves) says it may be closed.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(GIFT_MESSAGES.paymentCompleteClose));
    expect(onNoBuyerTab).not.toHaveBeenCalled();
  });

  it('with no buyer tab to answer, hands over to the stream page after the wait, without closing', async () => {
    buyerTab('pi_other');
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const onNoBuyerTab = vi.fn();
    const started = Date.now();
    renderWithApp(<PaymentReturn paymentIntentId="pi_2" outcome="succeeded" onNoBuyerTab={onNoBuyerTab} />);
    await waitFor(() => expect(onNoBuyerTab).toHaveBeenCalledTimes(1), { timeout: PAYMENT_RETURN_WAIT_MS + 1_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAYMENT_RETURN_WAIT_MS - 50);
    expect(close).not.toHaveBeenCalled();
  });

  it('a declined payment says so', () => {
    renderWithApp(<PaymentReturn paymentIntentId="pi_3" outcome="failed" onNoBuyerTab={() => undefined} />);
    expect(screen.getByRole('heading').textContent).toBe(GIFT_MESSAGES.sendFailedTitle);
    expect(screen.getByRole('status').textContent).toBe(GIFT_MESSAGES.paymentDeclined);
  });
});
