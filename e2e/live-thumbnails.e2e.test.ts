import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { browserSession } from './support/browser-session.ts';
import { watched } from './support/content-policy.ts';

/** The card's picture has really loaded (a decoded image, not a broken one). */
const imageShown = (img: Locator) =>
  expect
    .poll(() => img.evaluate((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);

/**
 * Live thumbnails and text-post cards end to end (issue 27, point 8), in Debian's Chromium with its
 * fake camera against the whole product: a streamer goes live and their client sends a frame of the
 * camera; a visitor's /live and Discover and a user's /live-streams show the stream's card with that
 * image. A styled text post that trends shows as its coloured card, badged "Trending", under
 * Trending Content and in the Trending recommendations.
 */
describe('live thumbnails and text-post cards in the browser', () => {
  const session = browserSession({ media: true });

  async function goLive(page: Page, title: string): Promise<string> {
    await page.goto('/go-live');
    await page.getByRole('button', { name: 'Enable Camera' }).click();
    await page.getByTestId('camera-status').filter({ hasText: 'Ready' }).waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByTestId('go-live').click();
    const live = page.getByRole('heading', { name: "You're Live!" });
    await live
      .or(page.getByTestId('toast-title').filter({ hasText: 'Failed to Start Stream' }))
      .first()
      .waitFor({ timeout: 20_000 });
    if (!(await live.isVisible()))
      throw new Error(`going live failed: ${await page.getByTestId('toast').textContent()}`);
    const streamId = await page.getByTestId('stream-info').getAttribute('data-stream-id');
    expect(streamId).toMatch(/^[0-9a-f-]{36}$/);
    return streamId!;
  }

  const post = (context: BrowserContext, path: string, data: unknown) =>
    context.request.post(`${session.product.baseUrl}${path}`, {
      headers: { origin: session.product.baseUrl, 'content-type': 'application/json' },
      data,
    });

  it("a broadcaster's frame is the stream's card on /live, Discover and /live-streams; a trending text post is its coloured card", async () => {
    const streamer = await session.signedIn('thumb_streamer');
    const streamId = await goLive(streamer.page, 'E2E thumbnail jam');

    // The client sends its first frame a few seconds after going live: the stream page's entity shows it.
    let thumbnailUrl: string | null = null;
    await expect
      .poll(
        async () => {
          const r = await streamer.context.request.get(`${session.product.baseUrl}/api/streams/${streamId}`);
          thumbnailUrl = ((await r.json()) as { stream: { thumbnailUrl: string | null } }).stream.thumbnailUrl;
          return thumbnailUrl;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toMatch(new RegExp(`^/api/streams/${streamId}/thumbnail\\?v=\\d+$`));
    const image = await streamer.context.request.get(`${session.product.baseUrl}${thumbnailUrl!}`);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    expect((await image.body()).subarray(0, 3).toString('hex')).toBe('ffd8ff');

    // A visitor: /live and Discover show the card with the frame, under the product's CSP.
    const visitor = await watched(session.visitor('thumb_visitor'));
    await visitor.page.goto('/live');
    const onLive = visitor.page.locator(`[data-testid="stream-card"][data-stream-id="${streamId}"]`);
    await onLive.waitFor({ timeout: 15_000 });
    await imageShown(onLive.locator('img'));
    await screenshot(visitor.page, 'live-thumbnails-live');
    await visitor.page.goto('/discover');
    const onDiscover = visitor.page.locator(`[data-testid="stream-card"][data-stream-id="${streamId}"]`);
    await onDiscover.waitFor({ timeout: 15_000 });
    await imageShown(onDiscover.locator('img'));
    await screenshot(visitor.page, 'live-thumbnails-discover');
    expect(visitor.breaches).toEqual([]);

    // A signed-in user: /live-streams shows it too.
    const viewer = await watched(session.signedIn('thumb_viewer'));
    await viewer.page.goto('/live-streams');
    const onLiveStreams = viewer.page.locator(`[data-testid="stream-card"][data-stream-id="${streamId}"]`);
    await onLiveStreams.waitFor({ timeout: 15_000 });
    await imageShown(onLiveStreams.locator('img'));

    // A styled text post that the viewer and the streamer like: it trends.
    const author = await session.signedIn('thumb_author');
    const created = await post(author.context, '/api/text-posts', {
      content: `Teal card ${Date.now().toString(36)}`,
      backgroundColor: '#0f766e',
      textColor: '#fef08a',
      fontStyle: 'italic',
    });
    expect(created.status()).toBe(201);
    const postId = ((await created.json()) as { post: { id: string } }).post.id;
    for (const fan of [viewer.context, streamer.context])
      expect((await post(fan, '/api/user-interactions', { contentId: postId, interactionType: 'like' })).ok()).toBe(
        true,
      );
    await expect
      .poll(
        async () => {
          const r = await viewer.context.request.get(`${session.product.baseUrl}/api/trending`);
          const { content } = (await r.json()) as { content: Array<{ id: string; trending: boolean }> };
          return content.find((c) => c.id === postId)?.trending ?? false;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);

    const expectCard = async (card: Locator) => {
      await card.waitFor({ timeout: 15_000 });
      const look = await card.evaluate((e) => {
        const s = getComputedStyle(e);
        return { background: s.backgroundColor, color: s.color, fontStyle: s.fontStyle, text: e.textContent };
      });
      expect(look).toMatchObject({
        background: 'rgb(15, 118, 110)',
        color: 'rgb(254, 240, 138)',
        fontStyle: 'italic',
        text: expect.stringMatching(/^Teal card /),
      });
    };

    // Trending Content on /search: the coloured card, badged Trending.
    await viewer.page.goto('/search');
    await viewer.page.getByRole('tab', { name: 'Trending Content' }).click();
    const row = viewer.page.locator(`[data-testid="search-result-text_post"][data-result-id="${postId}"]`);
    await expectCard(row.getByTestId('text-post-tile'));
    expect(await row.locator('.search-result__badge').textContent()).toBe('Trending');
    await screenshot(viewer.page, 'live-thumbnails-trending-card');

    // The Trending recommendations: the coloured card too.
    await viewer.page.goto('/recommendations');
    await viewer.page.getByTestId('recommendations-chip-trending').click();
    const recommended = viewer.page.locator(`[data-testid="recommendation"][data-id="${postId}"]`);
    await expectCard(recommended.getByTestId('text-post-tile'));
    await screenshot(viewer.page, 'live-thumbnails-recommendation-card');
    expect(viewer.breaches).toEqual([]);

    await streamer.page.getByTestId('end-stream').first().click();
  });
});
