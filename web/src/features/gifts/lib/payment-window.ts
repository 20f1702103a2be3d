/**
 * The new window where the buyer confirms the card payment. It is opened blank in the click itself
 * (pop-up blockers allow windows opened by a click, not ones opened after a network answer), then
 * sent to the confirmation page once the server answers, or closed if the call failed.
 */
export interface PaymentWindow {
  /** Sends the window to `url`; false when the browser blocked the window. */
  show(url: string): boolean;
  close(): void;
  /** Calls `onClosed` once the window is gone (paid and handed back, or closed by the buyer). */
  whenClosed(onClosed: () => void): void;
}

/** How often the tab looks whether the window is still open (browsers fire no event for it). */
const CLOSED_POLL_MS = 500;

export function openPaymentWindow(): PaymentWindow {
  const popup = window.open('about:blank', '_blank');
  return {
    show(url) {
      if (!popup || popup.closed) return false;
      // The page it shows is ours, but it need not reach back into this one.
      popup.opener = null;
      popup.location.href = new URL(url, window.location.origin).href;
      return true;
    },
    close() {
      popup?.close();
    },
    whenClosed(onClosed) {
      const timer = window.setInterval(() => {
        if (popup && !popup.closed) return;
        window.clearInterval(timer);
        onClosed();
      }, CLOSED_POLL_MS);
    },
  };
}
