import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { PaymentsConfigResponse } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';

// Stripe.js itself is a script from js.stripe.com; here it stays unloaded (a null Stripe), which
// is enough to see the page choose Stripe with the server's key and wait for it.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn(() => Promise.resolve(null)) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signedInWith(config: PaymentsConfigResponse) {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return json(200, testUser());
    if (url === '/api/payments/config') return json(200, config);
    return json(404, { error: 'not_found', message: 'Not found' });
  });
}

const confirmPath = (returnTo: string) =>
  `/payments/confirm?payment_intent=pi_1&client_secret=pi_1_secret_x&return_to=${encodeURIComponent(returnTo)}`;

describe('/payments/confirm', () => {
  it("with the development provider goes to the server's page for the payment, returning to the stream", async () => {
    signedInWith({ provider: 'development', publishableKey: null });
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    renderApp({ url: confirmPath('/stream/s1') });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dev/payments/pi_1?return_to=%2Fstream%2Fs1'));
  });

  it('never returns to another site: a foreign return_to becomes "/"', async () => {
    signedInWith({ provider: 'development', publishableKey: null });
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    renderApp({ url: confirmPath('//evil.example/x') });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dev/payments/pi_1?return_to=%2F'));
  });

  it("with Stripe loads Stripe.js with the server's publishable key and keeps Pay disabled until it is ready", async () => {
    signedInWith({ provider: 'stripe', publishableKey: 'pk_test_123' });
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    renderApp({ url: confirmPath('/stream/s1') });
    const pay = (await screen.findByTestId('pay')) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(vi.mocked(loadStripe)).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByText('Gift purchases are final.')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  it('says so when the link lacks the payment', async () => {
    signedInWith({ provider: 'stripe', publishableKey: 'pk_test_123' });
    renderApp({ url: '/payments/confirm?return_to=%2Fstream%2Fs1' });
    expect(await screen.findByText('This payment link is incomplete.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/stream/s1');
  });

  it("Back closes the window Send Gift opened (the stream is in the buyer's tab), else goes to the stream", async () => {
    signedInWith({ provider: 'stripe', publishableKey: 'pk_test_123' });
    let closed = true;
    vi.spyOn(window, 'closed', 'get').mockImplementation(() => closed);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const { location } = renderApp({ url: '/payments/confirm?return_to=%2Fstream%2Fs1' });
    const back = await screen.findByRole('link', { name: 'Back' });
    fireEvent.click(back);
    expect(close).toHaveBeenCalledTimes(1);
    expect(location.history.at(-1)).toBe('/payments/confirm?return_to=%2Fstream%2Fs1');
    closed = false; // a window the browser keeps open
    fireEvent.click(back);
    await waitFor(() => expect(location.history.at(-1)).toBe('/stream/s1'));
  });

  it('is for signed-in users only: a visitor is sent to sign in, and back here with the payment afterwards', async () => {
    stubFetch(signedOutApi());
    const path = confirmPath('/stream/s1');
    const { location } = renderApp({ url: path });
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(`/login?${new URLSearchParams({ next: path }).toString()}`),
    );
    expect(screen.queryByTestId('payment-confirm-page')).toBeNull();
  });
});
