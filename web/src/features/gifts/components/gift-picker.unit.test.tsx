import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_GIFT_CATALOGUE, GIFT_MESSAGES, type SendGiftResponse } from '@myworld/schemas';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { reportPaymentReturn } from '../lib/payment-returns.ts';
import { GiftPicker } from './gift-picker.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const confirmUrl = '/payments/confirm?payment_intent=pi_1&client_secret=pi_1_secret_x&return_to=%2Fstream%2Fs1';
const sent: SendGiftResponse = {
  giftId: 'g1',
  paymentIntentId: 'pi_1',
  clientSecret: 'pi_1_secret_x',
  amountCents: 500,
  confirmUrl,
  position: null,
};

/** The API: the default catalogue, and `onSend` for POST /api/streams/s1/gift. */
function stubApi(onSend: () => Response = () => json(201, sent)) {
  return stubFetch((url, init) => {
    if (url === '/api/gifts') return json(200, DEFAULT_GIFT_CATALOGUE);
    if (url === '/api/streams/s1/gift' && init.method === 'POST') return onSend();
    return json(404, { error: 'not_found', message: 'Not found' });
  });
}

/** A new window the browser allowed: records where the picker sends it. */
function stubWindowOpen(
  popup: { location: { href: string }; opener: unknown; closed: boolean; close: () => void } | null,
) {
  return vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
}
const fakePopup = () => ({
  location: { href: 'about:blank' },
  opener: window as unknown,
  closed: false,
  close: vi.fn(),
});

const sendButton = () => screen.getByTestId('send-gift') as HTMLButtonElement;
const sentBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/streams/s1/gift')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('GiftPicker', () => {
  it('shows the catalogue with prices in dollars, "Gift purchases are final." and a $0.00 total before a choice', async () => {
    stubApi();
    renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn />);
    const rose = await screen.findByTestId('gift-option-rose');
    expect(rose.textContent).toBe('Rose$1.00');
    expect(rose.querySelector('svg[data-gift-icon="rose"]')).not.toBeNull();
    expect(screen.getByTestId('gift-option-castle').textContent).toBe('Castle$500.00');
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(DEFAULT_GIFT_CATALOGUE.length);
    expect(screen.getByText(GIFT_MESSAGES.final)).toBeTruthy();
    expect(screen.getByTestId('gift-total').textContent).toBe('Total: $0.00');
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Message') as HTMLInputElement).maxLength).toBe(200);
    expect(sendButton().textContent).toBe('Send Gift');
  });

  it('keeps Send Gift disabled until a gift is selected, then shows it pressed and the total', async () => {
    stubApi();
    renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn />);
    const heart = await screen.findByTestId('gift-option-heart');
    expect(sendButton().disabled).toBe(true);
    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('gift-option-rose').getAttribute('aria-pressed')).toBe('false');
    expect(sendButton().disabled).toBe(false);
    fireEvent.change(screen.getByTestId('gift-quantity'), { target: { value: '3' } });
    expect(screen.getByTestId('gift-total').textContent).toBe('Total: $15.00');
  });

  it('disables Send Gift for a visitor, with a hint to sign in', async () => {
    stubApi();
    renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn={false} />);
    fireEvent.click(await screen.findByTestId('gift-option-rose'));
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByTestId('gift-sign-in-hint').textContent).toBe(`${GIFT_MESSAGES.signInRequired} Sign In`);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('disables Send Gift for the streamer, who cannot gift their own stream', async () => {
    stubApi();
    renderWithApp(<GiftPicker streamId="s1" isOwner signedIn />);
    fireEvent.click(await screen.findByTestId('gift-option-rose'));
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByTestId('gift-owner-hint').textContent).toBe(GIFT_MESSAGES.ownStream);
  });

  it('sends the gift, type, quantity and message, and opens the confirmation page in the window opened by the click', async () => {
    const fetchMock = stubApi();
    const popup = fakePopup();
    const open = stubWindowOpen(popup);
    renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn />);
    fireEvent.click(await screen.findByTestId('gift-option-heart'));
    fireEvent.change(screen.getByTestId('gift-quantity'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('gift-message'), { target: { value: '  Great show!  ' } });
    fireEvent.click(sendButton());
    // Opened in the click itself, before the server answered, so pop-up blockers allow it.
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(popup.location.href).toBe(new URL(confirmUrl, window.location.origin).href));
    expect(popup.opener).toBeNull();
    expect(sentBodies(fetchMock)).toEqual([{ giftType: 'heart', quantity: 2, message: 'Great show!' }]);
    expect(screen.getByTestId('toast-title').textContent).toBe('Complete your payment');
  });

  it('counts a quantity that is not a number as 1', async () => {
    const fetchMock = stubApi();
    stubWindowOpen(fakePopup());
    renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn />);
    fireEvent.click(await screen.findByTestId('gift-option-rose'));
    fireEvent.change(screen.getByTestId('gift-quantity'), { target: { value: 'abc' } });
    expect(screen.getByTestId('gift-total').textContent).toBe('Total: $1.00');
    fireEvent.click(sendButton());
    await waitFor(() => expect(sentBodies(fetchMock)).toEqual([{ giftType: 'rose', quantity: 1, message: '' }]));
  });

  it('on a refusal closes the new window and toasts "Gift not sent" with the server message', async () => {
    stubApi(() => json(409, { error: 'stream_not_live', message: GIFT_MESSAGES.streamNotLive }));
    const popup = fakePopup();
    stubWindowOpen(popup);
    renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn />);
    fireEvent.click(await screen.findByTestId('gift-option-rose'));
    fireEvent.click(sendButton());
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(GIFT_MESSAGES.sendFailedTitle));
    expect(screen.getByTestId('toast-description').textContent).toBe(GIFT_MESSAGES.streamNotLive);
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('about:blank');
    expect(sendButton().disabled).toBe(false);
  });

  it('describes a failure without a JSON message as "<status>: <body text or status text>"', async () => {
    stubApi(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    stubWindowOpen(fakePopup());
    renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn />);
    fireEvent.click(await screen.findByTestId('gift-option-rose'));
    fireEvent.click(sendButton());
    await waitFor(() => expect(screen.getByTestId('toast-description').textContent).toBe('502: upstream down'));
  });

  it('when the browser blocks the new window, offers the confirmation page as a link', async () => {
    stubApi();
    stubWindowOpen(null);
    renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn />);
    fireEvent.click(await screen.findByTestId('gift-option-rose'));
    fireEvent.click(sendButton());
    const link = await screen.findByTestId('gift-payment-link');
    expect(link.getAttribute('href')).toBe(confirmUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('toast-title').textContent).toBe('Pop-up blocked');
  });

  it('when the buyer closes the payment window without paying, the form is theirs again', async () => {
    stubApi();
    const popup = fakePopup();
    stubWindowOpen(popup);
    renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn />);
    fireEvent.click(await screen.findByTestId('gift-option-rose'));
    fireEvent.click(sendButton());
    await screen.findByTestId('gift-payment-pending');
    popup.closed = true;
    await waitFor(() => expect(screen.queryByTestId('gift-payment-pending')).toBeNull());
    expect(screen.getByTestId('gift-option-rose').getAttribute('aria-pressed')).toBe('true');
    expect(sendButton().disabled).toBe(false);
  });

  describe('when the payment window comes back', () => {
    // The buyer's tab shows the stream the payment was for (the window is told only by such a tab).
    const onStreamPage = (path = '/stream/s1') => window.history.replaceState(null, '', path);
    afterEach(() => window.history.replaceState(null, '', '/'));

    async function sendHearts(paymentIntentId: string) {
      stubApi(() => json(201, { ...sent, paymentIntentId }));
      stubWindowOpen(fakePopup());
      renderWithApp(<GiftPicker streamId="s1" isOwner={false} signedIn />);
      fireEvent.click(await screen.findByTestId('gift-option-heart'));
      fireEvent.change(screen.getByTestId('gift-quantity'), { target: { value: '2' } });
      fireEvent.change(screen.getByTestId('gift-message'), { target: { value: 'Great show!' } });
      fireEvent.click(sendButton());
      await screen.findByTestId('gift-payment-pending');
    }

    it('paid: this tab takes the outcome (the window may close), says "Gift sent!" and starts the form over', async () => {
      onStreamPage();
      await sendHearts('pi_paid');
      expect(await reportPaymentReturn('pi_paid', 'succeeded', 2_000)).toBe(true);
      await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(GIFT_MESSAGES.giftSentTitle));
      expect(screen.getByTestId('toast-description').textContent).toBe(GIFT_MESSAGES.giftSent);
      expect(screen.getByTestId('gift-sent').textContent).toBe(GIFT_MESSAGES.giftSent);
      expect(screen.queryByTestId('gift-payment-pending')).toBeNull();
      expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
      expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('1');
      expect((screen.getByLabelText('Message') as HTMLInputElement).value).toBe('');
      expect(screen.getByTestId('gift-total').textContent).toBe('Total: $0.00');
      expect(sendButton().disabled).toBe(true);
      // Taken once: a second report of the same payment finds no tab waiting for it.
      expect(await reportPaymentReturn('pi_paid', 'succeeded', 200)).toBe(false);
    });

    it('declined: says so and keeps the form, so the buyer can try again', async () => {
      onStreamPage();
      await sendHearts('pi_declined');
      expect(await reportPaymentReturn('pi_declined', 'failed', 2_000)).toBe(true);
      await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(GIFT_MESSAGES.sendFailedTitle));
      expect(screen.getByTestId('toast-description').textContent).toBe(GIFT_MESSAGES.paymentDeclined);
      expect(screen.getByTestId('gift-option-heart').getAttribute('aria-pressed')).toBe('true');
      expect((screen.getByLabelText('Message') as HTMLInputElement).value).toBe('Great show!');
      expect(sendButton().disabled).toBe(false);
    });

    it('a tab that has gone to another page does not take it (the window then opens the stream itself)', async () => {
      onStreamPage();
      await sendHearts('pi_elsewhere');
      onStreamPage('/live');
      expect(await reportPaymentReturn('pi_elsewhere', 'succeeded', 300)).toBe(false);
      expect(screen.queryByTestId('gift-sent')).toBeNull();
    });

    it("another payment's report is not this tab's", async () => {
      onStreamPage();
      await sendHearts('pi_mine');
      expect(await reportPaymentReturn('pi_someone_else', 'succeeded', 300)).toBe(false);
      expect(screen.getByTestId('gift-payment-pending')).toBeTruthy();
    });
  });
});
