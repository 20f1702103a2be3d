import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { browserSession } from './support/browser-session.ts';
import { watched } from './support/content-policy.ts';
import { decodingVideos } from './support/live-stats.ts';
import { giftAnimationShown, goLive } from './support/live-streams.ts';

/**
 * The gift flow end to end (issue 27, point 5), and the streamer's own stream page (point 4b): the
 * whole product with the development payment provider (it answers as Stripe does), Debian's
 * Chromium with its fake cameras, media through the real SFU. A streams from /go-live; B and C
 * watch. B pays in the payment window, which hands back to B's tab and closes without opening the
 * stream a second time; everyone sees the gift and its message in the chat. A then opens their own
 * /stream/{id} in a second tab and watches it as a viewer would, without counting as one.
 */
describe("the gift flow and the streamer's own stream page in the browser", () => {
  const session = browserSession({ media: true });

  /** Opens the room as a viewer and waits for the streamer's video to play. */
  async function watch(page: Page, streamId: string): Promise<void> {
    await page.goto(`/stream/${streamId}`);
    await page.getByTestId('stream-page').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await decodingVideos(page, 500)).length, { timeout: 20_000, interval: 250 }).toBe(1);
  }

  /** Every text the element shows from now on (the viewer counts a page went through). */
  async function recordTexts(page: Page, testId: string): Promise<() => Promise<string[]>> {
    await page.evaluate((id) => {
      const el = document.querySelector(`[data-testid="${id}"]`)!;
      const seen: string[] = [el.textContent ?? ''];
      (window as unknown as { __seen: string[] }).__seen = seen;
      new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }, testId);
    return () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  }

  /** B's gift: picks it in the Actions tab, pays in the payment window and waits for that window to close. */
  async function payForGift(page: Page, gift: string, quantity: string, message: string) {
    await page.getByTestId('tab-actions').click();
    await page.getByTestId(`gift-option-${gift}`).click();
    await page.getByTestId('gift-quantity').fill(quantity);
    await page.getByTestId('gift-message').fill(message);
    const opened = page.waitForEvent('popup');
    await page.getByTestId('send-gift').click();
    const payment = await opened;
    const visited: string[] = [];
    payment.on('framenavigated', (f) => f === payment.mainFrame() && visited.push(f.url()));
    await payment.getByRole('button', { name: 'Pay' }).waitFor({ timeout: 10_000 });
    const closed = payment.waitForEvent('close', { timeout: 20_000 });
    return {
      payment,
      visited,
      pay: async () => {
        await payment.getByRole('button', { name: 'Pay' }).click();
        await closed;
      },
    };
  }

  it("B pays in a window that returns to B's tab; the room sees the gift and its message; A watches their own stream in a second tab", async () => {
    // A goes live and stays on /go-live, where their room (viewers, chat) shows.
    const a = await session.signedInPage('streamer');
    const streamId = await goLive(a, 'E2E gift flow');

    // B (whose pages, the payment window included, are watched for policy breaches) and C watch.
    const b = await watched(session.signedIn('buyer'));
    await watch(b.page, streamId);
    const c = await session.signedInPage('watcher');
    await watch(c, streamId);
    await expect
      .poll(() => a.getByTestId('streamer-room-viewers').textContent(), { timeout: 10_000 })
      .toBe('2 viewers');
    const countsAtA = await recordTexts(a, 'streamer-room-viewers');

    // B pays for 2 hearts with a message; the window shows the payment, then closes by itself.
    const paying = await payForGift(b.page, 'heart', '2', 'Great show!');
    expect(await paying.payment.getByText('$10.00').count()).toBeGreaterThan(0);
    await screenshot(paying.payment, 'gift-flow-1-payment-window');
    const animationAtB = giftAnimationShown(b.page, 'heart');
    await paying.pay();
    // It came back to /stream/{id} as from Stripe, the outcome in the query, and did not stay.
    const back = new URL(paying.visited.at(-1)!);
    expect([back.pathname, back.searchParams.get('redirect_status')]).toEqual([`/stream/${streamId}`, 'succeeded']);

    // B's own tab: the confirmation, the animation (with the message), and the form started over.
    await animationAtB;
    await b.page.getByTestId('toast-title').filter({ hasText: 'Gift sent!' }).waitFor({ timeout: 10_000 });
    expect(await b.page.getByTestId('gift-animation').textContent()).toContain('Great show!');
    await screenshot(b.page, 'gift-flow-2-buyer-tab-confirmed');
    expect(await b.page.getByTestId('gift-sent').textContent()).toBe('Thank you! Everyone in the room sees your gift.');
    expect(await b.page.getByTestId('gift-message').inputValue()).toBe('');
    expect(await b.page.getByTestId('gift-quantity').inputValue()).toBe('1');
    expect(await b.page.locator('[data-testid^="gift-option-"][aria-pressed="true"]').count()).toBe(0);
    expect(await b.page.getByTestId('send-gift').isDisabled()).toBe(true);
    await screenshot(b.page, 'gift-flow-3-buyer-form-reset');

    // The gift and its message in the chat: B's, another viewer's (C) and the streamer's on /go-live.
    const giftLine = (page: Page) => page.getByTestId('chat-gift').filter({ hasText: 'Great show!' });
    await b.page.getByTestId('tab-chat').click();
    await giftLine(b.page).waitFor({ timeout: 10_000 });
    await giftLine(c).waitFor({ timeout: 10_000 });
    expect(await giftLine(c).textContent()).toMatch(/^@buyer_\w+ sent 2 × heart“Great show!”$/);
    await screenshot(c, 'gift-flow-4-other-viewer-chat');
    const atA = a.getByTestId('streamer-room').getByTestId('chat-gift').filter({ hasText: 'Great show!' });
    await atA.waitFor({ timeout: 10_000 });
    await atA.scrollIntoViewIfNeeded();
    await screenshot(a, 'gift-flow-5-streamer-go-live-chat');

    // No second viewer at any moment of the payment: the window never opened the stream.
    expect(await countsAtA()).toEqual(['2 viewers']);
    expect(await b.page.getByTestId('viewer-count').textContent()).toContain('2');

    // A opens their own stream page in a second tab: the stream as viewers see it, not counted.
    const own = await a.context().newPage();
    await watch(own, streamId);
    const note = own.getByTestId('own-stream-note');
    await note.waitFor();
    expect(await note.getByRole('link', { name: 'Control it on Go Live' }).getAttribute('href')).toBe(
      `/go-live?live=${streamId}`,
    );
    expect(await own.getByTestId('stream-page').textContent()).not.toContain('not on this device');
    expect(await own.getByTestId('viewer-count').textContent()).toContain('2');
    // Chat and gifts reach it as any viewer's page.
    await c.getByTestId('chat-input').fill('Hello from C');
    await c.getByTestId('chat-send').click();
    await own.getByTestId('chat-message-content').filter({ hasText: 'Hello from C' }).waitFor({ timeout: 10_000 });
    const again = await payForGift(b.page, 'rose', '1', 'One more');
    await again.pay();
    await own.getByTestId('chat-gift').filter({ hasText: 'One more' }).waitFor({ timeout: 10_000 });
    await own.getByTestId('gift-animation').and(own.locator('[data-gift-type="rose"]')).waitFor({ timeout: 10_000 });
    await screenshot(own, 'gift-flow-6-streamer-own-stream-second-tab');
    expect(await countsAtA()).toEqual(['2 viewers']);
    // Its link to Go Live, in this tab that does not broadcast: where the controls are, not a second stream.
    await note.getByRole('link', { name: 'Control it on Go Live' }).click();
    const elsewhere = own.getByTestId('live-elsewhere');
    await elsewhere.waitFor({ timeout: 10_000 });
    expect(await elsewhere.textContent()).toContain('Your stream is live from another tab or device.');
    await screenshot(own, 'gift-flow-7-streamer-go-live-second-tab');
    // The broadcast goes on in A's first tab.
    expect(await a.getByRole('heading', { name: "You're Live!" }).count()).toBe(1);
    expect(await decodingVideos(b.page, 1_000)).toHaveLength(1);

    expect(b.breaches).toEqual([]);
  });
});
