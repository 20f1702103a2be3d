import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { browserSession } from './support/browser-session.ts';
import { inboundOf, liveStats, type Stats } from './support/live-stats.ts';

/** The receiver's (first) inbound stream of `kind`. */
const inbound = (stats: Stats[], kind: 'audio' | 'video') => inboundOf(stats, kind)[0];

/**
 * Live streaming end to end: the whole product, Debian's Chromium with its fake camera and
 * microphone, media through the real mediasoup SFU. A goes live; B watches (video frames decoded,
 * audio received) and chats; a visitor watches without a chat input; A ends the stream and B is
 * taken to /live.
 */
describe('live streams in the browser', () => {
  const session = browserSession({ media: true });
  const signedInPage = (label: string) => session.signedInPage(label);

  it('A goes live, B receives video and audio and chats to A, a visitor cannot chat, A ends and B lands on /live', async () => {
    // A prepares and goes live.
    const a = await signedInPage('streamer');
    await a.goto('/go-live');
    await expect.poll(() => a.getByRole('heading', { name: 'Prepare to Go Live' }).isVisible()).toBe(true);
    await a.getByRole('button', { name: 'Enable Camera' }).click();
    await a.getByTestId('camera-status').filter({ hasText: 'Ready' }).waitFor();
    await a.getByLabel('Title').fill('E2E live jam');
    await a.getByLabel('Category').selectOption('music');
    await a.getByTestId('go-live').click();
    // Live, or the failure toast (e.g. the SFU worker died) — which then fails the test with its text.
    const live = a.getByRole('heading', { name: "You're Live!" });
    await live
      .or(a.getByTestId('toast-title').filter({ hasText: 'Failed to Start Stream' }))
      .first()
      .waitFor({ timeout: 20_000 });
    if (!(await live.isVisible()))
      throw new Error(
        `going live failed: ${await a.getByTestId('toast').textContent()}\n${session.product.logs().slice(-4000)}`,
      );
    const streamId = await a.getByTestId('stream-info').getAttribute('data-stream-id');
    expect(streamId).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(
        async () =>
          (await liveStats(a, 'broadcast')).some(
            (s) => s.type === 'outbound-rtp' && s.kind === 'video' && Number(s.framesEncoded) > 0,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    // The broadcast keeps going while A looks at the stream page.
    await a.getByTestId('view-stream-page').click();
    await a.waitForURL(`**/stream/${streamId}`);
    await a.getByTestId('stream-page').waitFor();

    // The stream is listed on /live.
    const b = await signedInPage('viewer');
    await b.goto('/live');
    await b.locator(`[data-stream-id="${streamId}"]`).waitFor({ timeout: 15_000 });

    // B opens the room and receives video and audio.
    await b.goto(`/stream/${streamId}`);
    await b.getByTestId('stream-page').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => Number(inbound(await liveStats(b, 'viewing'), 'video')?.framesDecoded ?? 0), {
        timeout: 20_000,
        interval: 100,
      })
      .toBeGreaterThan(0)
      .catch(async (error: unknown) => {
        console.log(
          'viewer stats:',
          JSON.stringify(
            (await liveStats(b, 'viewing')).filter((s) =>
              ['inbound-rtp', 'candidate-pair', 'transport'].includes(s.type),
            ),
          ),
        );
        console.log(
          'broadcast stats:',
          JSON.stringify(
            (await liveStats(a, 'broadcast')).filter((s) =>
              ['outbound-rtp', 'candidate-pair', 'transport'].includes(s.type),
            ),
          ),
        );
        console.log(session.product.logs().slice(-4000));
        throw error;
      });
    await expect
      .poll(async () => Number(inbound(await liveStats(b, 'viewing'), 'audio')?.packetsReceived ?? 0), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    // The first frame the page showed, in ms since B's navigation started.
    const shownAt = () =>
      b.evaluate(
        () =>
          (window as unknown as { myworldLive?: { firstFrameAt: number | null } }).myworldLive?.firstFrameAt ?? null,
      );
    await expect.poll(shownAt, { timeout: 5_000 }).not.toBeNull();
    const firstFrameAt = (await shownAt())!;
    await expect.poll(() => a.getByTestId('viewer-count-count').textContent()).toBe('1');

    // Let the jitter buffer settle, then estimate the one-way delay B sees.
    await b.waitForTimeout(2_000);
    const stats = await liveStats(b, 'viewing');
    const video = inbound(stats, 'video')!;
    const jitterMs = (Number(video.jitterBufferDelay) / Math.max(1, Number(video.jitterBufferEmittedCount))) * 1000;
    const pair = stats.find(
      (s) =>
        s.type === 'candidate-pair' &&
        (s.nominated || s.state === 'succeeded') &&
        typeof s.currentRoundTripTime === 'number',
    );
    const rttMs = Number(pair?.currentRoundTripTime ?? 0) * 1000;
    const oneWayMs = jitterMs + rttMs / 2;
    expect(Number(video.framesDecoded)).toBeGreaterThan(10);
    await screenshot(b, 'live-viewer');
    console.log(
      `live e2e: time-to-first-frame ${Math.round(firstFrameAt)} ms, estimated one-way delay ${Math.round(oneWayMs)} ms (jitter buffer ${Math.round(jitterMs)} ms + half RTT ${(rttMs / 2).toFixed(1)} ms)`,
    );

    // B's chat reaches A.
    await b.getByTestId('chat-input').fill('hello from B');
    await b.getByTestId('chat-input').press('Enter');
    await a.getByTestId('chat-message-content').filter({ hasText: 'hello from B' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => b.getByTestId('chat-input').inputValue()).toBe('');

    // Back on /go-live (the broadcast goes on), A reads the room beside the broadcast and answers.
    await a.goBack();
    await a.waitForURL('**/go-live');
    const room = a.getByTestId('streamer-room');
    await room.getByTestId('chat-message-content').filter({ hasText: 'hello from B' }).waitFor({ timeout: 10_000 });
    expect(await room.getByTestId('streamer-room-viewers').textContent()).toBe('1 viewer');
    await room.getByTestId('chat-input').fill('thanks for watching');
    await room.getByTestId('chat-input').press('Enter');
    await b.getByTestId('chat-message-content').filter({ hasText: 'thanks for watching' }).waitFor({ timeout: 10_000 });
    await screenshot(a, 'live-streamer-room');
    await a.goForward();
    await a.getByTestId('stream-page').waitFor();

    // A visitor watches without a chat input.
    const visitorContext = await session.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/stream/${streamId}`);
    await visitor.getByTestId('stream-page').waitFor({ timeout: 15_000 });
    await visitor.getByTestId('chat-message-content').filter({ hasText: 'hello from B' }).waitFor();
    expect(await visitor.getByTestId('chat-input').count()).toBe(0);
    expect(await visitor.getByTestId('end-stream').count()).toBe(0);

    // A ends the stream: B is told and taken to /live.
    await a.getByTestId('end-stream').first().click();
    await b.getByTestId('toast-title').filter({ hasText: 'Stream Ended' }).waitFor({ timeout: 10_000 });
    const endedAt = Date.now();
    await b.waitForURL('**/live', { timeout: 5_000 });
    const redirectMs = Date.now() - endedAt;
    expect(redirectMs).toBeLessThan(2_500);
    await a.waitForURL('**/live', { timeout: 5_000 });
    await b.getByTestId('live-page').waitFor();
    expect(await b.locator(`[data-stream-id="${streamId}"]`).count()).toBe(0);
  });
});
