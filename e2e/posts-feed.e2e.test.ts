import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { browserSession } from './support/browser-session.ts';
import { screenshot as saveScreenshot } from './support/browser.ts';
import type { TestUser } from './support/accounts.ts';
import { chooseFileInUploader, writeSamplePhoto, writeSampleVideo } from './support/media-files.ts';
import { isPlaying, isStill, readPlayback } from './support/video-playback.ts';

interface Person {
  context: BrowserContext;
  page: Page;
  user: TestUser;
}

/**
 * Posting, the feed, follows and engagement end to end: the built web client in Debian's Chromium
 * against the whole product (API, projections, workers with sharp and ffmpeg, the local object
 * store). A shares a text post with a photo and publishes a short video; B follows A, finds both
 * in Following, likes, comments and shares the video (still there after a reload), and the feed
 * plays only the video on screen.
 */
describe('posts, feed, follows and engagement in the browser', () => {
  const session = browserSession();
  let filesDir: string;
  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'e2e-posts-'));
  });
  afterAll(async () => {
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

  /** Lets toasts and snapping settle, then saves the screen under test-artifacts/. */
  async function screenshot(page: Page, name: string): Promise<void> {
    await page.waitForTimeout(400);
    await saveScreenshot(page, name);
  }

  const signedIn = (label: string): Promise<Person> => session.signedIn(label);

  /** The answer to the page's `method` request whose path is `path` (and status `status`). */
  const answerTo = (page: Page, method: string, path: string, status: number): Promise<Response> =>
    page.waitForResponse(
      (r) => r.request().method() === method && new URL(r.url()).pathname === path && r.status() === status,
      { timeout: 60_000 },
    );

  const item = (page: Page, postId: string) => page.locator(`[data-testid="feed-item"][data-post-id="${postId}"]`);
  const feedOrder = (page: Page) =>
    page
      .getByTestId('feed-item')
      .evaluateAll((els) => els.map((el) => [(el as HTMLElement).dataset.postId, (el as HTMLElement).dataset.kind]));
  const text = (l: Locator) => l.textContent().then((t) => t?.trim());

  /** One swipe of the feed (a wheel over it), up (+1) to the next post or down (-1) to the one before. */
  async function swipe(page: Page, direction: 1 | -1): Promise<void> {
    const feed = page.getByTestId('feed');
    const box = (await feed.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, direction * box.height);
  }

  /** Whether the <img> has loaded a picture (not a broken image) within `ms`. */
  async function loadedWithin(img: Locator, ms: number): Promise<boolean> {
    const loaded = () =>
      img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
    for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200)))
      if (await loaded()) return true;
    return loaded();
  }

  /** Whether the item sits exactly at the top of the feed (snapped into place). */
  const snapped = (l: Locator) =>
    l.evaluate((el) => Math.abs(el.getBoundingClientRect().top - el.parentElement!.getBoundingClientRect().top) < 2);

  it('A shares a styled text post with a photo and a short video; B follows A, finds both in Following, likes, comments and shares (kept after reload); only the video on screen plays', async () => {
    const started = Date.now();
    const laps: string[] = [];
    const lap = (step: string) => laps.push(`${step} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    try {
      const [photo, clip] = await Promise.all([writeSamplePhoto(filesDir), writeSampleVideo(filesDir, { seconds: 4 })]);
      const a = await signedIn('e2e_author');
      const me = await a.context.request.get(`${session.product.baseUrl}/api/auth/user`);
      const authorId = ((await me.json()) as { id: string }).id;

      // 1. A writes a text post: violet background, bold, a photo; Share Your Post -> home with the toast.
      const postText = 'Hello from the browser test: bold words on violet.';
      await a.page.goto('/create-post');
      await a.page.getByTestId('create-post-page').waitFor();
      await a.page.getByTestId('post-content-input').fill(postText);
      expect(await text(a.page.getByTestId('post-char-counter'))).toBe(`${postText.length}/300`);
      // Swatches are named, not read out as hex codes.
      await a.page.getByRole('group', { name: 'Background Color' }).getByRole('button', { name: 'Violet' }).click();
      await a.page.getByTestId('font-bold').click();
      expect(await a.page.getByTestId('bg-color-7c3aed').getAttribute('aria-pressed')).toBe('true');
      expect(await a.page.getByTestId('font-bold').getAttribute('aria-pressed')).toBe('true');
      expect(await a.page.getByTestId('font-normal').getAttribute('aria-pressed')).toBe('false');
      const preview = a.page.getByTestId('post-preview');
      expect(
        await preview.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).fontWeight]),
      ).toEqual(['rgb(124, 58, 237)', '700']);
      expect(await preview.textContent()).toContain(postText);

      await chooseFileInUploader(a.page, 'post-photo-upload', photo);
      await toast(a.page, 'Photo uploaded!').waitFor({ timeout: 30_000 });
      const previewPhoto = preview.locator('img');
      await previewPhoto.waitFor();
      // The preview shows the chosen file itself (the upload is served only once the post attaches it).
      expect(await loadedWithin(previewPhoto, 5_000), "the composer's preview shows the chosen photo").toBe(true);
      await preview.scrollIntoViewIfNeeded();
      await screenshot(a.page, 'posts-feed-01-create-post');

      // The server answers 409 while the photo is processing and the page sends it again: wait for the 201.
      const created = answerTo(a.page, 'POST', '/api/text-posts', 201);
      await a.page.getByTestId('share-post-button').click();
      const textPostId = ((await (await created).json()) as { post: { id: string } }).post.id;
      await toast(a.page, 'Post created!').waitFor({ timeout: 30_000 });
      await a.page.waitForURL((url) => url.pathname === '/');
      await a.page.getByText('Your feed').waitFor();
      await screenshot(a.page, 'posts-feed-02-home-post-created');
      lap('text post shared');

      // 2. A publishes a short video and waits until it is processed.
      const description = 'My first quick video #e2e';
      await a.page.goto('/quick-videos');
      await a.page.getByTestId('quick-videos-page').waitFor();
      expect(await a.page.getByTestId('publish-video-button').isDisabled()).toBe(true);
      await chooseFileInUploader(a.page, 'video-upload', clip);
      await toast(a.page, 'Video uploaded!').waitFor({ timeout: 60_000 });
      await a.page.getByTestId('video-description-input').fill(description);
      await a.page.getByTestId('video-category-select').selectOption('music');
      const submitted = answerTo(a.page, 'POST', '/api/videos', 201);
      await a.page.getByTestId('publish-video-button').click();
      const videoId = ((await (await submitted).json()) as { post: { id: string } }).post.id;
      const status = a.page.getByTestId('video-status');
      await status.waitFor();
      await a.page
        .locator('[data-testid="video-status"]:is([data-status="published"], [data-status="failed"])')
        .waitFor({ timeout: 90_000 });
      if ((await status.getAttribute('data-status')) !== 'published')
        throw new Error(`the video failed: ${await status.textContent()}`);
      await toast(a.page, 'Your video is live!').waitFor();
      expect(await a.page.getByTestId('view-video-link').getAttribute('href')).toBe(`/video/${videoId}`);
      await screenshot(a.page, 'posts-feed-03-video-published');
      lap('video published');

      // 3. B opens A's profile and follows A.
      const b = await signedIn('e2e_viewer');
      await b.page.goto(`/profile/${authorId}`);
      await b.page.getByTestId('public-profile').waitFor();
      expect(await text(b.page.getByTestId('public-profile-handle'))).toBe(`@${a.user.username}`);
      const follow = b.page.getByTestId('follow-button');
      expect(await follow.getAttribute('aria-pressed')).toBe('false');
      expect(await text(follow)).toBe('Follow');
      expect(await text(b.page.getByTestId('follower-count'))).toBe('0');
      // Posts holds both, newest first: the video, then the text post as its own card (its photo).
      const postsGrid = b.page.getByTestId('profile-posts-grid');
      await postsGrid.getByTestId('profile-video-card').first().waitFor();
      expect(await postsGrid.locator('a').evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual([
        `/video/${videoId}`,
        `/post/${textPostId}`,
      ]);
      expect(await postsGrid.getByTestId('profile-text-post-card').locator('img').count()).toBe(1);
      // Posts, Videos and Photos side by side on one row.
      const tabTops = await b.page
        .getByRole('tab')
        .evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
      expect(tabTops).toHaveLength(3);
      expect(new Set(tabTops).size).toBe(1);
      await screenshot(b.page, 'posts-feed-03b-profile-posts');
      // Videos holds the video alone.
      await b.page.getByTestId('profile-videos-tab').click();
      const videoCard = b.page.getByTestId('profile-videos-grid').getByTestId('profile-video-card');
      await videoCard.first().waitFor();
      expect(await videoCard.count()).toBe(1);
      expect(await videoCard.getAttribute('href')).toBe(`/video/${videoId}`);

      await follow.click();
      await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
      // Enabled again once the server answered (the button is disabled while the follow is sent).
      await expect.poll(() => follow.isEnabled()).toBe(true);
      expect(await text(follow)).toBe('Following');
      await expect.poll(() => text(b.page.getByTestId('follower-count'))).toBe('1');
      await screenshot(b.page, 'posts-feed-04-profile-followed');

      // Home through the bottom navigation (the app carries its read-your-writes position), then Following.
      await b.page.getByTestId('nav-home').click();
      await b.page.waitForURL((url) => url.pathname === '/');
      await b.page.getByTestId('feed-tab-following').click();
      expect(await b.page.getByTestId('feed-tab-following').getAttribute('aria-selected')).toBe('true');
      // Newest first: the video (published after the text post), then the text post.
      await expect
        .poll(() => feedOrder(b.page), { timeout: 10_000 })
        .toEqual([
          [videoId, 'video'],
          [textPostId, 'text'],
        ]);
      const videoItem = item(b.page, videoId);
      const textItem = item(b.page, textPostId);
      expect(await videoItem.getAttribute('data-active')).toBe('true');
      expect(await textItem.getAttribute('data-active')).toBe('false');
      // The video item: its author and description.
      expect(await text(videoItem.getByTestId('post-author'))).toContain(`@${a.user.username}`);
      expect(await videoItem.textContent()).toContain(description);
      // The text post: its text in bold over its processed photo.
      const textPost = textItem.getByTestId('text-post');
      const shownText = textPost.getByText(postText);
      expect(await shownText.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
      const feedPhoto = textPost.locator('img');
      expect(await feedPhoto.getAttribute('src')).toMatch(/^\/objects\//);
      expect(await loadedWithin(feedPhoto, 10_000)).toBe(true);
      await screenshot(b.page, 'posts-feed-05-following-feed');
      lap('followed, both in Following');

      // 4. B likes, comments on and shares the video.
      const like = videoItem.getByTestId('like-button');
      expect(await like.getAttribute('aria-pressed')).toBe('false');
      expect(await text(videoItem.getByTestId('like-count'))).toBe('0');
      const liked = answerTo(b.page, 'POST', `/api/posts/${videoId}/like`, 200);
      await like.click();
      await liked;
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => text(videoItem.getByTestId('like-count'))).toBe('1');

      expect(await text(videoItem.getByTestId('comment-count'))).toBe('0');
      await videoItem.getByTestId('comment-button').click();
      const sheet = b.page.getByTestId('comments-sheet');
      await sheet.waitFor();
      await sheet.getByTestId('comments-empty').waitFor();
      await sheet.getByTestId('comment-input').fill('Nice!');
      await sheet.getByTestId('comment-submit').click();
      await sheet.getByTestId('comment-item').filter({ hasText: 'Nice!' }).waitFor();
      expect(await sheet.getByTestId('comment-item').count()).toBe(1);
      await expect.poll(() => sheet.getByTestId('comment-input').inputValue()).toBe('');
      await screenshot(b.page, 'posts-feed-06-comments');
      await sheet.getByRole('button', { name: 'Close dialog' }).click();
      await sheet.waitFor({ state: 'detached' });
      await expect.poll(() => text(videoItem.getByTestId('comment-count'))).toBe('1');

      // Share counts the share and copies the video's link (the clipboard needs the permission).
      await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.product.baseUrl });
      expect(await text(videoItem.getByTestId('share-count'))).toBe('0');
      const shared = answerTo(b.page, 'POST', `/api/posts/${videoId}/share`, 200);
      await videoItem.getByTestId('share-button').click();
      const sharePosition = (await shared).headers()['x-position'];
      await toast(b.page, 'Link copied!').waitFor();
      await expect.poll(() => text(videoItem.getByTestId('share-count'))).toBe('1');
      expect(await b.page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${session.product.baseUrl}/video/${videoId}`,
      );

      // A reload starts a new client without the last write's position: first let the read model
      // pass it (what the page's own next read would have waited for), then reload.
      expect(sharePosition).toBeTruthy();
      const settled = await b.context.request.get(`${session.product.baseUrl}/api/posts/${videoId}`, {
        headers: { 'x-min-position': sharePosition! },
      });
      expect(settled.headers()['x-read-model-stale']).toBeUndefined();

      // The copied link, opened in a new tab, shows the video's page with B's like and comment.
      const detail = await b.context.newPage();
      await detail.goto(`${session.product.baseUrl}/video/${videoId}`);
      const detailView = detail.getByTestId('post-detail');
      await detailView.waitFor();
      expect(await detailView.getAttribute('data-post-id')).toBe(videoId);
      expect(await detailView.getAttribute('data-kind')).toBe('video');
      await detailView.getByTestId('comment-item').filter({ hasText: 'Nice!' }).waitFor();
      expect(await detailView.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
      await screenshot(detail, 'posts-feed-07-video-detail');
      await detail.close();

      lap('liked, commented, shared');
      await b.page.reload();
      await b.page.getByTestId('feed-tab-following').click();
      await expect
        .poll(() => feedOrder(b.page), { timeout: 10_000 })
        .toEqual([
          [videoId, 'video'],
          [textPostId, 'text'],
        ]);
      expect(await like.getAttribute('aria-pressed')).toBe('true');
      expect(await text(videoItem.getByTestId('like-count'))).toBe('1');
      expect(await text(videoItem.getByTestId('comment-count'))).toBe('1');
      expect(await text(videoItem.getByTestId('share-count'))).toBe('1');

      // 5. Only the video on screen plays: the first item (the video) plays...
      const video = videoItem.getByTestId('feed-video');
      expect(await videoItem.getAttribute('data-active')).toBe('true');
      await expect.poll(() => isPlaying(video), { timeout: 15_000 }).toBe(true);
      expect((await readPlayback(video)).src).toMatch(/\/objects\//);
      await screenshot(b.page, 'posts-feed-08-video-playing');

      // ...a swipe brings the text post into place: it is the active one and the video pauses...
      await swipe(b.page, 1);
      await expect.poll(() => textItem.getAttribute('data-active'), { timeout: 5_000 }).toBe('true');
      expect(await videoItem.getAttribute('data-active')).toBe('false');
      await expect.poll(() => snapped(textItem)).toBe(true);
      await expect.poll(() => isStill(video), { timeout: 5_000 }).toBe(true);
      await screenshot(b.page, 'posts-feed-09-text-post-active');

      // ...and swiping back makes the video the active one again, and it plays.
      await swipe(b.page, -1);
      await expect.poll(() => videoItem.getAttribute('data-active'), { timeout: 5_000 }).toBe('true');
      expect(await textItem.getAttribute('data-active')).toBe('false');
      await expect.poll(() => snapped(videoItem)).toBe(true);
      await expect.poll(() => isPlaying(video), { timeout: 15_000 }).toBe(true);
      await screenshot(b.page, 'posts-feed-10-video-active-again');
      lap('kept after reload, playback follows the active item');
      console.log(`posts-feed e2e: ${laps.join('; ')}`);
    } catch (error) {
      console.log(`product logs (last 4000 characters):\n${session.product.logs().slice(-4000)}`);
      throw error;
    }
  }, 240_000);
});
