import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newTestUser, signUpAndSignIn } from './support/accounts.ts';
import { screenshot } from './support/browser.ts';
import { browserSession, watchedPage } from './support/browser-session.ts';
import { decodingVideos } from './support/live-stats.ts';
import { giftAnimationShown, goLive } from './support/live-streams.ts';

/**
 * Live media across API instances, as behind a load balancer: the shared product runs two
 * (API_INSTANCES=2, ports PORT and PORT+1, one database and Redis). A streams from a page served
 * by the first; B and the duet partner C use the second, where the stream's media is piped from
 * the first's SFU; V watches on the first. B sees A's video play, chat and a gift go both ways,
 * C's duet reaches V on A's instance, and A ending the stream reaches B.
 */
describe('a live stream across two API instances', () => {
  const session = browserSession({ media: true });

  /** A signed-in page whose every request and socket goes to the API instance at `apiUrl`. */
  async function signedInOn(apiUrl: string, label: string): Promise<Page> {
    const context = await session.newContext({ baseURL: apiUrl });
    await signUpAndSignIn(context, apiUrl, newTestUser(label));
    const page = await watchedPage(context, label);
    page.on('websocket', (socket) => expect(new URL(socket.url()).port).toBe(new URL(apiUrl).port));
    return page;
  }

  /** Opens the room and waits until `videos` videos are decoding. */
  async function watch(page: Page, streamId: string, videos = 1): Promise<void> {
    await page.goto(`/stream/${streamId}`);
    await page.getByTestId('stream-page').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await decodingVideos(page, 500)).length, { timeout: 20_000, interval: 250 })
      .toBe(videos);
  }

  /** The room's video element as it plays: its decoded width and its clock. */
  const playback = (page: Page) =>
    page
      .getByTestId('stream-video-element')
      .evaluate((video: HTMLVideoElement) => ({ width: video.videoWidth, time: video.currentTime }));

  it('B on the second instance watches A streaming on the first; chat, a gift and a duet cross over', async () => {
    const [first, second] = session.product.apiUrls;
    expect(second, 'the shared product runs two API instances').toBeDefined();

    // A goes live on the first instance.
    const a = await signedInOn(first!, 'streamer');
    const streamId = await goLive(a, 'E2E across instances');
    expect(streamId).toMatch(/^[0-9a-f-]{36}$/);

    // B watches on the second instance: frames decoded, the video sized and its clock running.
    const b = await signedInOn(second!, 'viewer');
    await watch(b, streamId);
    await expect.poll(async () => (await playback(b)).width, { timeout: 10_000 }).toBeGreaterThan(0);
    const before = (await playback(b)).time;
    await expect.poll(async () => (await playback(b)).time, { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
    await screenshot(b, 'cross-instance-viewer');
    console.log('cross-instance e2e: B decodes A across instances');

    // Chat both ways between the instances.
    await b.getByTestId('chat-input').fill('hello from the second instance');
    await b.getByTestId('chat-input').press('Enter');
    const room = a.getByTestId('streamer-room');
    await room
      .getByTestId('chat-message-content')
      .filter({ hasText: 'hello from the second instance' })
      .waitFor({ timeout: 10_000 });
    await room.getByTestId('chat-input').fill('hello from the first');
    await room.getByTestId('chat-input').press('Enter');
    await b
      .getByTestId('chat-message-content')
      .filter({ hasText: 'hello from the first' })
      .waitFor({ timeout: 10_000 });

    // B sends a gift (the development provider's window): both sides see it.
    await b.getByTestId('tab-actions').click();
    await b.getByTestId('gift-option-heart').click();
    await b.getByTestId('gift-message').fill('From the other instance');
    const popup = b.waitForEvent('popup');
    await b.getByTestId('send-gift').click();
    const payment = await popup;
    await payment.getByRole('button', { name: 'Pay' }).waitFor({ timeout: 10_000 });
    const seenByA = giftAnimationShown(a, 'heart');
    const seenByB = giftAnimationShown(b, 'heart');
    await payment.getByRole('button', { name: 'Pay' }).click();
    await Promise.all([seenByA, seenByB]);
    await expect.poll(() => a.getByTestId('gifts-received').textContent(), { timeout: 10_000 }).toContain('$5.00');
    console.log('cross-instance e2e: the gift reached both sides');

    // V watches on the first instance; C, on the second, duets with A: V (and B) see both.
    const v = await signedInOn(first!, 'firstviewer');
    await watch(v, streamId);
    const c = await signedInOn(second!, 'partner');
    await watch(c, streamId);
    await c.getByTestId('tab-actions').click();
    await c.getByTestId('request-duet').click();
    await c.getByTestId('toast-title').filter({ hasText: 'Duet Request Sent!' }).waitFor({ timeout: 10_000 });
    await a.getByTestId('duet-accept').click({ timeout: 10_000 });
    // B shares C's instance; V gets C's tracks through the owner's (the first) instance.
    await expect.poll(async () => (await decodingVideos(b, 0)).length, { timeout: 40_000, interval: 100 }).toBe(2);
    console.log("cross-instance e2e: B (on the partner's instance) decodes both");
    await expect.poll(async () => (await decodingVideos(v, 0)).length, { timeout: 40_000, interval: 100 }).toBe(2);
    await v.getByTestId('duet-layout').waitFor();
    await screenshot(v, 'cross-instance-duet');
    console.log('cross-instance e2e: the partner on the second instance reaches a viewer on the first');

    // A ends the stream: B, on the other instance, is told and taken to /live.
    await a.getByTestId('end-stream').first().click();
    await b.getByTestId('toast-title').filter({ hasText: 'Stream Ended' }).waitFor({ timeout: 10_000 });
    await b.waitForURL('**/live', { timeout: 5_000 });
    // Four pages on two instances: longer than the project's two minutes on a busy machine.
  }, 300_000);
});
