import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { browserSession, watchedPage } from './support/browser-session.ts';
import { screenshot as saveScreenshot } from './support/browser.ts';
import { newTestUser, signUpAndSignIn, type TestUser } from './support/accounts.ts';
import { writeSamplePhoto } from './support/media-files.ts';
import { readStoryProgress, storyHoverPoints } from './support/story-viewer.ts';
import { recordUserSocket, type SocketFrames } from './support/user-socket-frames.ts';

interface Person {
  context: BrowserContext;
  page: Page;
  user: TestUser;
  id: string;
  /** What the server pushed to the page over /ws. */
  socket: SocketFrames;
}

/**
 * Stories and direct messages end to end: the built web client in Debian's Chromium against the
 * whole product (API, projections, workers, the local object store). A posts a text story and a
 * photo story; B (who follows A) watches them in the viewer (the progress fills, hovering pauses
 * it, it moves on to the photo and closes after it); A sees B's view and B in the list of viewers.
 * Then B and A exchange messages, each side's page learning of the other's message from its
 * socket, without a reload.
 */
describe('stories and direct messages in the browser', () => {
  const session = browserSession();
  let filesDir: string;
  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'e2e-stories-'));
  });
  afterAll(async () => {
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
  const text = (l: Locator) => l.textContent().then((t) => t?.trim());

  /** Lets toasts and animations settle, then saves the screen under test-artifacts/. */
  async function screenshot(page: Page, name: string): Promise<void> {
    await page.waitForTimeout(300);
    await saveScreenshot(page, `stories-messages-${name}`);
  }

  /**
   * A signed-in person with a page. `desktop`: a wide window, where the story viewer is a card
   * with room beside it, so a mouse can hover the story and leave it (on a phone-sized screen the
   * viewer fills the window and there is no hovering).
   */
  async function signedIn(label: string, firstName: string, { desktop = false } = {}): Promise<Person> {
    const context = await session.newContext(desktop ? { viewport: { width: 1280, height: 800 } } : {});
    const user = { ...newTestUser(label), firstName };
    await signUpAndSignIn(context, session.product.baseUrl, user);
    const me = await context.request.get(`${session.product.baseUrl}/api/auth/user`);
    const id = ((await me.json()) as { id: string }).id;
    const page = await watchedPage(context, label);
    const socket = recordUserSocket(page);
    return { context, page, user, id, socket };
  }

  /** The answer to the page's `method` request whose path is `path` (and status `status`). */
  const answerTo = (page: Page, method: string, path: string, status: number): Promise<Response> =>
    page.waitForResponse(
      (r) => r.request().method() === method && new URL(r.url()).pathname === path && r.status() === status,
      { timeout: 60_000 },
    );

  /** Marks the loaded document; `sameDocument` later tells whether the page was reloaded since. */
  const markDocument = (page: Page) =>
    page.evaluate(() => void ((window as unknown as { e2eMark: boolean }).e2eMark = true));
  const sameDocument = (page: Page) =>
    page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

  /** Whether the <img> has loaded a picture (not a broken image) within `ms`. */
  async function loadedWithin(img: Locator, ms: number): Promise<boolean> {
    const loaded = () =>
      img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
    for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200)))
      if (await loaded()) return true;
    return loaded();
  }

  /** The texts of the open chat's messages, oldest first, each with whether it is the reader's own. */
  const chatMessages = (page: Page) =>
    page
      .getByTestId('message-item')
      .evaluateAll((els) =>
        els.map((el) => [
          el.querySelector('.chat-message__bubble')?.textContent ?? el.textContent,
          (el as HTMLElement).dataset.mine,
        ]),
      );

  it('A posts a text and a photo story; B watches them (progress, hover pauses, next, closes); A sees the view and B among the viewers; A and B exchange messages live', async () => {
    const started = Date.now();
    const laps: string[] = [];
    const lap = (step: string) => laps.push(`${step} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    try {
      const photo = await writeSamplePhoto(filesDir, 'story-photo.png');

      // 1. A and B are signed in; B follows A from A's profile.
      const [a, b] = await Promise.all([
        signedIn('e2e_storyteller', 'Ada'),
        signedIn('e2e_watcher', 'Ben', { desktop: true }),
      ]);
      await b.page.goto(`/profile/${a.id}`);
      await b.page.getByTestId('public-profile').waitFor();
      expect(await text(b.page.getByTestId('public-profile-handle'))).toBe(`@${a.user.username}`);
      const follow = b.page.getByTestId('follow-button');
      expect(await follow.getAttribute('aria-pressed')).toBe('false');
      await follow.click();
      await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => follow.isEnabled()).toBe(true);
      expect(await text(follow)).toBe('Following');
      await expect.poll(() => text(b.page.getByTestId('follower-count'))).toBe('1');
      lap('signed in, B follows A');

      // 2. A opens Home and shares a text story on violet...
      await a.page.goto('/');
      const aStrip = a.page.getByTestId('stories-strip');
      await aStrip.waitFor();
      expect(await aStrip.getByTestId('story-entry').count(), 'no stories yet').toBe(0);
      await aStrip.getByTestId('add-story-tile').click();
      const modal = a.page.getByTestId('create-story-modal');
      await modal.waitFor();
      expect(await modal.getByText('Create Your Story').count()).toBeGreaterThan(0);
      expect(await modal.getByTestId('create-story-tab-text').getAttribute('aria-selected')).toBe('true');
      const storyText = 'Good morning from the browser test!';
      const content = modal.getByTestId('story-content-input');
      await content.fill(storyText);
      await modal.getByTestId('story-bg-color-7c3aed').click();
      expect(await modal.getByTestId('story-bg-color-7c3aed').getAttribute('aria-pressed')).toBe('true');
      // The text box previews the story on its colour.
      expect(await content.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(124, 58, 237)');
      expect(await modal.textContent()).toContain(`${storyText.length}/500`);
      await screenshot(a.page, '01-create-text-story');
      const textCreated = answerTo(a.page, 'POST', '/api/stories', 201);
      await modal.getByTestId('story-submit').click();
      const textStory = (
        (await (await textCreated).json()) as { story: { id: string; mediaType: string; backgroundColor: string } }
      ).story;
      expect(textStory).toMatchObject({ mediaType: 'text', backgroundColor: '#7c3aed' });
      await toast(a.page, 'Story created!').waitFor({ timeout: 30_000 });
      expect(await text(a.page.getByTestId('toast-description'))).toBe(
        'Your story has been shared and will expire in 24 hours.',
      );
      await modal.waitFor({ state: 'detached' });
      // A's own entry comes first in the strip.
      const aOwnEntry = aStrip.locator(`[data-testid="story-entry"][data-user-id="${a.id}"]`);
      await aOwnEntry.waitFor({ timeout: 10_000 });
      await screenshot(a.page, '02-text-story-created');
      await a.page.getByRole('button', { name: 'Dismiss notification' }).click();
      await toast(a.page, 'Story created!').waitFor({ state: 'detached' });

      // ...then a photo story with a caption.
      await aStrip.getByTestId('add-story-tile').click();
      await modal.waitFor();
      await modal.getByTestId('create-story-tab-photo').click();
      expect(await modal.getByTestId('create-story-tab-photo').getAttribute('aria-selected')).toBe('true');
      await modal.getByTestId('story-file-input').setInputFiles(photo);
      const filePreview = modal.getByTestId('story-file-preview').locator('img');
      await filePreview.waitFor();
      expect(await loadedWithin(filePreview, 5_000), 'the dialog previews the chosen photo').toBe(true);
      const caption = 'Shapes at sunrise';
      await modal.getByTestId('story-content-input').fill(caption);
      await screenshot(a.page, '03-create-photo-story');
      const photoCreated = answerTo(a.page, 'POST', '/api/stories', 201);
      await modal.getByTestId('story-submit').click();
      const photoStory = (
        (await (await photoCreated).json()) as { story: { id: string; mediaType: string; mediaUrl: string | null } }
      ).story;
      expect(photoStory.mediaType).toBe('image');
      expect(photoStory.mediaUrl).toBeTruthy();
      await toast(a.page, 'Story created!').waitFor({ timeout: 30_000 });
      await modal.waitFor({ state: 'detached' });
      await expect.poll(() => aOwnEntry.getAttribute('aria-label'), { timeout: 10_000 }).toBe("Ada's story, 2 stories");
      lap('text and photo stories created');

      // 3. B opens Home: A's entry is in the strip, not seen yet, with no views.
      const storyAnswers = new Map<string, Promise<Response>>();
      for (const id of [textStory.id, photoStory.id])
        storyAnswers.set(id, answerTo(b.page, 'POST', `/api/stories/${id}/view`, 200));
      await b.page.getByTestId('nav-home').click();
      await b.page.waitForURL((url) => url.pathname === '/');
      const bStrip = b.page.getByTestId('stories-strip');
      const aEntry = bStrip.locator(`[data-testid="story-entry"][data-user-id="${a.id}"]`);
      await aEntry.waitFor({ timeout: 10_000 });
      expect(await aEntry.getAttribute('data-seen')).toBe('false');
      expect(await aEntry.getAttribute('aria-label')).toBe("Ada's story, 2 stories");
      expect(await text(aEntry.getByTestId('story-entry-views'))).toBe('0');
      await screenshot(b.page, '04-strip-with-a');

      // B opens it: the text story, on violet, the first of two segments active.
      await aEntry.click();
      const opened = Date.now();
      const viewer = b.page.getByTestId('story-viewer');
      await viewer.waitFor();
      expect(await viewer.getAttribute('data-story-id')).toBe(textStory.id);
      const media = viewer.getByTestId('story-media');
      expect(await media.getAttribute('data-kind')).toBe('text');
      expect(await text(media)).toBe(storyText);
      expect(await media.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(124, 58, 237)');
      expect((await readStoryProgress(b.page)).states).toEqual(['active', 'pending']);
      // B sees A's count, not who viewed (that is for the author).
      expect(await viewer.getByTestId('story-viewers-button').count()).toBe(0);

      // The mouse clicked the entry where the story card now is: move it beside the card, and the progress fills.
      const points = await storyHoverPoints(media);
      // (Left where it was for a moment first: whether the card appearing under a still mouse counts as hovering.)
      await b.page.waitForTimeout(600);
      const atOpen = `${(await readStoryProgress(b.page)).active}% (data-paused=${await viewer.locator('.story-frame').getAttribute('data-paused')})`;
      await b.page.mouse.move(points.outside.x, points.outside.y);
      const first = (await readStoryProgress(b.page)).active!;
      await expect
        .poll(async () => (await readStoryProgress(b.page)).active!, { timeout: 3_000, interval: 200 })
        .toBeGreaterThan(first);
      const remainingBefore = Number((await text(viewer.getByTestId('story-remaining')))!.replace('s', ''));
      expect(remainingBefore).toBeGreaterThanOrEqual(1);
      expect(remainingBefore).toBeLessThanOrEqual(5);

      // Hovering the story pauses it: the progress and the seconds left stay put for a second.
      await b.page.mouse.move(points.inside.x, points.inside.y, { steps: 4 });
      await b.page.waitForTimeout(250); // a tick under way when the pointer came in
      const paused = await readStoryProgress(b.page);
      const remainingPaused = await text(viewer.getByTestId('story-remaining'));
      await b.page.waitForTimeout(1_100);
      expect(await readStoryProgress(b.page), 'hovering keeps the progress where it was').toEqual(paused);
      expect(await text(viewer.getByTestId('story-remaining'))).toBe(remainingPaused);
      expect(await viewer.getAttribute('data-story-id')).toBe(textStory.id);
      expect(paused.active!).toBeGreaterThan(first);
      expect(paused.active!).toBeLessThan(100);
      await screenshot(b.page, '05-viewer-text-story-paused');

      // Leaving it lets it run on, into the photo story: the first segment done, the second active.
      await b.page.mouse.move(points.outside.x, points.outside.y, { steps: 4 });
      await expect
        .poll(async () => (await readStoryProgress(b.page)).active ?? 100, { timeout: 2_000, interval: 150 })
        .toBeGreaterThan(paused.active!);
      await b.page
        .locator(`[data-testid="story-viewer"][data-story-id="${photoStory.id}"]`)
        .waitFor({ timeout: 8_000 });
      const switched = Date.now();
      const onPhoto = await readStoryProgress(b.page);
      expect(onPhoto.states).toEqual(['done', 'active']);
      expect(onPhoto.active!).toBeLessThan(50);
      expect(await media.getAttribute('data-kind')).toBe('image');
      const storyImage = viewer.getByTestId('story-image');
      // The uploaded original at first, the processed WebP once the workers made it.
      expect(await storyImage.getAttribute('src')).toMatch(/^\/objects\//);
      expect(await loadedWithin(storyImage, 5_000), 'the photo story shows its picture').toBe(true);
      expect(await text(media)).toBe(caption);
      await screenshot(b.page, '06-viewer-photo-story');

      // After the last story the viewer closes by itself; A's entry is now seen.
      await viewer.waitFor({ state: 'detached', timeout: 8_000 });
      const closed = Date.now();
      await expect.poll(() => aEntry.getAttribute('data-seen')).toBe('true');
      // 5 s a story; the text story also stood still while hovered (and maybe at first, under the mouse).
      const textShownMs = switched - opened;
      const photoShownMs = closed - switched;
      console.log(
        `story viewer: progress 0.6 s after opening under the still mouse ${atOpen}, text story shown ${textShownMs} ms (about 1.3 s of it hovered), photo story ${photoShownMs} ms`,
      );
      expect(textShownMs).toBeGreaterThanOrEqual(5_000 + 1_000);
      expect(photoShownMs).toBeGreaterThan(3_500);
      expect(photoShownMs).toBeLessThan(9_000);
      await screenshot(b.page, '07-viewer-closed-seen');
      lap('B watched both stories');

      // Each story counted B's view once.
      const viewPositions: string[] = [];
      for (const [id, answer] of storyAnswers) {
        const res = await answer;
        const body = (await res.json()) as { counted: boolean; position?: string };
        expect(body.counted, `view of ${id} counted`).toBe(true);
        viewPositions.push(res.headers()['x-position'] ?? body.position!);
      }
      expect(viewPositions.every(Boolean)).toBe(true);

      // 4. A's page was loaded before the views: once the read model has them, A reloads Home.
      for (const position of viewPositions) {
        const settled = await a.context.request.get(`${session.product.baseUrl}/api/stories`, {
          headers: { 'x-min-position': position },
        });
        expect(settled.headers()['x-read-model-stale']).toBeUndefined();
      }
      await a.page.reload();
      await aOwnEntry.waitFor();
      // The strip sums the entry's views: one on each story.
      await expect.poll(() => text(aOwnEntry.getByTestId('story-entry-views')), { timeout: 10_000 }).toBe('2');
      await aOwnEntry.click();
      const aViewer = a.page.getByTestId('story-viewer');
      await aViewer.waitFor();
      expect(await aViewer.getAttribute('data-story-id')).toBe(textStory.id);
      expect(await text(aViewer.getByTestId('story-view-count'))).toBe('1');
      const viewersButton = aViewer.getByTestId('story-viewers-button');
      await viewersButton.click();
      expect(await viewersButton.getAttribute('aria-expanded')).toBe('true');
      const viewersList = aViewer.getByTestId('story-viewers-list');
      await viewersList.getByTestId('story-viewer-item').first().waitFor({ timeout: 10_000 });
      expect(await viewersList.getByTestId('story-viewer-item').count()).toBe(1);
      const viewerItem = await text(viewersList.getByTestId('story-viewer-item'));
      expect(viewerItem).toContain('Ben');
      expect(viewerItem).not.toContain('Ada');
      // The open list holds the story.
      expect(await aViewer.getAttribute('data-story-id')).toBe(textStory.id);
      await screenshot(a.page, '08-author-viewers-list');
      // The photo story: also viewed once (A's own viewing counts nothing).
      await aViewer.getByTestId('story-next').click();
      await a.page.locator(`[data-testid="story-viewer"][data-story-id="${photoStory.id}"]`).waitFor();
      expect(await text(aViewer.getByTestId('story-view-count'))).toBe('1');
      await aViewer.getByTestId('story-close').click();
      await aViewer.waitFor({ state: 'detached' });
      expect(await text(aOwnEntry.getByTestId('story-entry-views'))).toBe('2');
      lap('A saw the views and the viewer');

      // 5. Messages. A waits on the Messages page, its socket signed in.
      const aSince = a.socket.all.length;
      await a.page.goto('/messages');
      await a.page.getByTestId('messages-page').waitFor();
      await a.page.getByTestId('conversations-empty').waitFor();
      await a.socket.waitFor((f) => f.type === 'authenticated', { since: aSince });
      expect(await a.page.getByTestId('nav-messages-badge').count()).toBe(0);
      await markDocument(a.page);

      // B opens A's profile and its Message button: the chat with A, empty.
      await b.page.goto(`/profile/${a.id}`);
      await b.page.getByTestId('public-profile').waitFor();
      expect(await b.page.getByTestId('message-button').getAttribute('href')).toBe(`/messages?to=${a.id}`);
      await b.page.getByTestId('message-button').click();
      await b.page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('to') === a.id);
      const bChat = b.page.getByTestId('chat-view');
      await bChat.waitFor();
      await expect.poll(() => text(bChat.getByTestId('chat-header'))).toContain(`@${a.user.username}`);
      expect(await text(bChat.getByTestId('chat-header'))).toContain('Ada');
      await bChat.getByText('Say hello!').waitFor();
      const bSend = bChat.getByTestId('message-send');
      expect(await bSend.isDisabled(), 'Send is disabled while the text is blank').toBe(true);
      const bInput = bChat.getByTestId('message-input');
      await bInput.fill('Hi A');
      expect(await text(bChat.getByTestId('message-counter'))).toBe('4/2000');
      expect(await bSend.isEnabled()).toBe(true);
      await markDocument(b.page);
      const bSince = b.socket.all.length;
      const sent = answerTo(b.page, 'POST', '/api/messages', 201);
      await bInput.press('Enter');
      await sent;
      await expect.poll(() => chatMessages(b.page)).toEqual([['Hi A', 'true']]);
      await expect.poll(() => bInput.inputValue()).toBe('');
      lap('B sent "Hi A"');

      // A, without a reload: the conversation with B appears with one unread, and the nav badge says 1.
      const pushed = await a.socket.waitFor((f) => f.type === 'new_message', { since: aSince });
      expect(pushed).toMatchObject({
        type: 'new_message',
        totalUnread: 1,
        message: { senderId: b.id, receiverId: a.id, content: 'Hi A' },
      });
      const conversation = a.page.locator(`[data-testid="conversation-item"][data-user-id="${b.id}"]`);
      await conversation.waitFor({ timeout: 10_000 });
      expect(await text(conversation)).toContain('Hi A');
      expect(await text(conversation)).toContain('Ben');
      expect(await text(conversation.getByTestId('conversation-unread'))).toBe('1');
      await expect.poll(() => text(a.page.getByTestId('nav-messages-badge'))).toBe('1');
      expect(await sameDocument(a.page), "A's page was not reloaded").toBe(true);
      await screenshot(a.page, '09-conversation-unread');

      // A opens it: "Hi A" from B; the conversation is read, so the badge goes.
      await conversation.click();
      await a.page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('to') === b.id);
      const aChat = a.page.getByTestId('chat-view');
      await aChat.waitFor();
      await expect.poll(() => chatMessages(a.page)).toEqual([['Hi A', 'false']]);
      expect(await text(aChat.getByTestId('chat-header'))).toContain(`@${b.user.username}`);
      await a.page.getByTestId('nav-messages-badge').waitFor({ state: 'detached', timeout: 10_000 });

      // A replies with the Send button.
      await aChat.getByTestId('message-input').fill('Hi B');
      const replied = answerTo(a.page, 'POST', '/api/messages', 201);
      await aChat.getByTestId('message-send').click();
      await replied;
      await expect
        .poll(() => chatMessages(a.page))
        .toEqual([
          ['Hi A', 'false'],
          ['Hi B', 'true'],
        ]);
      await screenshot(a.page, '10-a-chat-replied');
      lap('A read "Hi A" and replied');

      // B's open chat shows the reply without a reload, pushed over the socket; it is read there at once.
      await expect
        .poll(() => chatMessages(b.page), { timeout: 10_000 })
        .toEqual([
          ['Hi A', 'true'],
          ['Hi B', 'false'],
        ]);
      const reply = await b.socket.waitFor(
        (f) => f.type === 'new_message' && (f.message as { content?: string }).content === 'Hi B',
        { since: bSince },
      );
      expect(reply).toMatchObject({ message: { senderId: a.id, receiverId: b.id } });
      expect(await sameDocument(b.page), "B's page was not reloaded").toBe(true);
      await expect.poll(() => b.page.getByTestId('nav-messages-badge').count(), { timeout: 10_000 }).toBe(0);
      await screenshot(b.page, '11-b-chat-reply');

      // Back on B's list: the conversation with A, the last message A's, nothing unread.
      await bChat.getByTestId('chat-back').click();
      const bConversation = b.page.locator(`[data-testid="conversation-item"][data-user-id="${a.id}"]`);
      await bConversation.waitFor();
      expect(await text(bConversation)).toContain('Hi B');
      expect(await bConversation.getByTestId('conversation-unread').count()).toBe(0);
      await screenshot(b.page, '12-b-conversations');
      lap('B got "Hi B" live');
      console.log(`stories-messages e2e: ${laps.join('; ')}`);
    } catch (error) {
      console.log(`product logs (last 4000 characters):\n${session.product.logs().slice(-4000)}`);
      throw error;
    }
  }, 240_000);
});
