import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { browserSession } from './support/browser-session.ts';
import { watched } from './support/content-policy.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Desktop is not a stretched phone (issue 27, part 4): the whole product in Debian's Chromium at
 * 1440x900 and at 390x844. On the desktop a signed-in user has the navigation as a rail down the
 * left (no bottom bar), the feed centred with the recommendations column beside it, Messages as
 * the list beside the open conversation, and a live room's video beside its chat. On a phone the
 * feed fills the screen edge to edge, its header and tabs lie over the post, and the story row
 * scrolls away with the feed; Messages shows the list or the chat, and a live room the chat under
 * the video. Layout is asserted with the elements' boxes; each screen is saved
 * under test-artifacts/.
 */
describe('the layout on a desktop and on a phone', () => {
  const session = browserSession({ media: true });
  const api = (path: string) => `${session.product.baseUrl}${path}`;
  const jsonHeaders = () => ({ origin: session.product.baseUrl, 'content-type': 'application/json' });

  const box = async (l: Locator): Promise<Box> => {
    const b = await l.boundingBox();
    if (!b) throw new Error(`${l.toString()} has no box (not shown)`);
    return b;
  };
  const right = (b: Box) => b.x + b.width;
  const bottom = (b: Box) => b.y + b.height;
  /** Whether two boxes share some height (they stand side by side rather than one under the other). */
  const sideBySide = (left: Box, other: Box) =>
    right(left) <= other.x && left.y < bottom(other) && other.y < bottom(left);

  async function userId(context: BrowserContext): Promise<string> {
    const me = await context.request.get(api('/api/auth/user'));
    return ((await me.json()) as { id: string }).id;
  }

  /** Two text posts by a new author, so every feed has at least two to scroll between. */
  async function twoPosts(): Promise<void> {
    const author = await session.signedIn('e2e_layout_author');
    for (const content of ['Layout check: the first post', 'Layout check: the second post']) {
      const created = await author.context.request.post(api('/api/text-posts'), {
        headers: jsonHeaders(),
        data: { content },
      });
      expect(created.status()).toBe(201);
    }
  }

  /** Home with at least two posts in the feed (the read model holds the author's posts within seconds). */
  async function openHomeFeed(page: Page): Promise<void> {
    await expect
      .poll(
        async () => {
          await page.goto('/');
          await page.getByTestId('feed').or(page.getByTestId('feed-empty')).first().waitFor({ timeout: 15_000 });
          return page.getByTestId('feed-item').count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(2);
  }

  it('at 1440x900: the rail instead of the bottom bar, the feed centred with the recommendations column, Messages as list and conversation side by side', async () => {
    await twoPosts();
    const me = await watched(session.signedIn('e2e_desktop', { viewport: DESKTOP }));
    const { page } = me;
    await openHomeFeed(page);

    // The navigation is a rail down the left, the whole height, its six items one under another.
    const nav = page.getByTestId('bottom-nav');
    const rail = await box(nav);
    expect(rail).toMatchObject({ x: 0, y: 0, height: DESKTOP.height });
    expect(rail.width).toBeLessThanOrEqual(260);
    const items = await Promise.all(
      ['nav-home', 'nav-search', 'nav-create', 'nav-live', 'nav-messages', 'nav-profile'].map((id) =>
        box(page.getByTestId(id)),
      ),
    );
    for (const [above, below] of items.slice(0, -1).map((b, i) => [b, items[i + 1]!] as const)) {
      expect(below.y).toBeGreaterThanOrEqual(bottom(above));
      expect(below.x).toBe(above.x);
    }
    // No bar along the bottom: nothing of the navigation lies across the page's foot.
    expect(right(rail)).toBeLessThan(DESKTOP.width / 4);

    // The feed's post is centred in the page right of the rail, a 9:16 card; the recommendations column stands beside it.
    const post = await box(page.getByTestId('feed-item').first());
    const pageCentre = (right(rail) + DESKTOP.width) / 2;
    expect(Math.abs(post.x + post.width / 2 - pageCentre)).toBeLessThanOrEqual(2);
    expect(post.height).toBeGreaterThan(600);
    expect(post.width / post.height).toBeCloseTo(9 / 16, 2);
    const sidebar = page.getByTestId('recommendations-sidebar');
    await sidebar.waitFor({ state: 'visible' });
    await sidebar
      .getByTestId('recommendations-list')
      .or(sidebar.getByTestId('recommendations-empty'))
      .first()
      .waitFor();
    const column = await box(sidebar);
    expect(sideBySide(post, column)).toBe(true);
    expect(right(column)).toBeLessThanOrEqual(DESKTOP.width);
    await screenshot(page, 'desktop-layout-01-home');

    // Messages: a friend writes; the list and a note to choose stand side by side, then the conversation beside the list.
    const friend = await session.signedIn('e2e_desktop_friend');
    const sent = await friend.context.request.post(api('/api/messages'), {
      headers: jsonHeaders(),
      data: { receiverId: await userId(me.context), content: 'Hello from the side' },
    });
    expect(sent.status()).toBe(201);
    const friendId = await userId(friend.context);
    await page.getByTestId('nav-messages').click();
    await page.waitForURL((url) => url.pathname === '/messages');
    const conversation = page.locator(`[data-testid="conversation-item"][data-user-id="${friendId}"]`);
    await conversation.waitFor({ timeout: 15_000 });
    const list = page.getByTestId('conversation-list');
    expect(sideBySide(await box(list), await box(page.getByTestId('chat-none')))).toBe(true);
    await conversation.click();
    await page.waitForURL((url) => url.searchParams.get('to') === friendId);
    const chat = page.getByTestId('chat-view');
    await chat.getByTestId('message-item').filter({ hasText: 'Hello from the side' }).waitFor();
    const [listBox, chatBox] = [await box(list), await box(chat)];
    expect(sideBySide(listBox, chatBox)).toBe(true);
    expect(chatBox.width).toBeGreaterThan(listBox.width);
    expect(await conversation.getAttribute('aria-current')).toBe('true');
    // The composer sits at the foot of the window: no bottom bar under it.
    expect(bottom(await box(chat.getByTestId('message-input')))).toBeGreaterThan(DESKTOP.height - 80);
    await screenshot(page, 'desktop-layout-02-messages');
    expect(me.breaches).toEqual([]);
  }, 120_000);

  it("at 1440x900: a live stream's video and chat side by side (at 390x844, the chat under the video)", async () => {
    // The streamer goes live from a phone (the fake camera), as in live-streams.e2e.test.ts.
    const streamer = (await session.signedIn('e2e_layout_streamer')).page;
    await streamer.goto('/go-live');
    await streamer.getByRole('button', { name: 'Enable Camera' }).click();
    await streamer.getByTestId('camera-status').filter({ hasText: 'Ready' }).waitFor();
    await streamer.getByLabel('Title').fill('Desktop layout jam');
    await streamer.getByLabel('Category').selectOption('music');
    await streamer.getByTestId('go-live').click();
    const live = streamer.getByRole('heading', { name: "You're Live!" });
    await live
      .or(streamer.getByTestId('toast-title').filter({ hasText: 'Failed to Start Stream' }))
      .first()
      .waitFor({ timeout: 20_000 });
    if (!(await live.isVisible()))
      throw new Error(`going live failed: ${await streamer.getByTestId('toast').textContent()}`);
    const streamId = await streamer.getByTestId('stream-info').getAttribute('data-stream-id');

    const viewer = await watched(session.signedIn('e2e_layout_viewer', { viewport: DESKTOP }));
    const { page } = viewer;
    await page.goto(`/stream/${streamId}`);
    await page.getByTestId('stream-page').waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="stream-video-element"][data-has-frame="true"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('chat-input').fill('watching on a big screen');
    await page.getByTestId('chat-input').press('Enter');
    await page.getByTestId('chat-message-content').filter({ hasText: 'watching on a big screen' }).waitFor();

    const video = await box(page.getByTestId('stream-video'));
    const chat = await box(page.getByTestId('chat-messages'));
    const input = await box(page.getByTestId('chat-input'));
    expect(sideBySide(video, chat)).toBe(true);
    expect(video.width).toBeGreaterThan(600);
    // The chat fills the column to the window's foot, beside the video rather than under it.
    expect(input.x).toBeGreaterThan(right(video));
    expect(bottom(input)).toBeGreaterThan(DESKTOP.height - 100);
    expect(right(await box(page.getByTestId('bottom-nav')))).toBeLessThanOrEqual(video.x);
    await screenshot(page, 'desktop-layout-03-stream');
    expect(viewer.breaches).toEqual([]);

    // On a phone the same room stacks: the video across the screen, the chat under it.
    const phone = await watched(session.signedIn('e2e_layout_phone_viewer', { viewport: PHONE }));
    await phone.page.goto(`/stream/${streamId}`);
    await phone.page.getByTestId('chat-message-content').filter({ hasText: 'watching on a big screen' }).waitFor();
    await phone.page
      .locator('[data-testid="stream-video-element"][data-has-frame="true"]')
      .waitFor({ timeout: 20_000 });
    const phoneVideo = await box(phone.page.getByTestId('stream-video'));
    expect(phoneVideo).toMatchObject({ x: 0, width: PHONE.width });
    expect((await box(phone.page.getByTestId('chat-messages'))).y).toBeGreaterThanOrEqual(bottom(phoneVideo));
    await screenshot(phone.page, 'desktop-layout-06-phone-stream');
    expect(phone.breaches).toEqual([]);

    await streamer.getByTestId('end-stream').first().click();
    await streamer.waitForURL('**/live', { timeout: 10_000 });
  }, 120_000);

  it('at 390x844: the feed edge to edge, the header and tabs over the post, the story row scrolls away; no recommendations column; Messages one at a time', async () => {
    await twoPosts();
    const me = await watched(session.signedIn('e2e_phone', { viewport: PHONE }));
    const { page } = me;
    await openHomeFeed(page);

    // The bottom bar along the foot; the feed from the top of the screen down to it, the full width.
    const bar = await box(page.getByTestId('bottom-nav'));
    expect(bar).toMatchObject({ x: 0, width: PHONE.width });
    expect(bottom(bar)).toBe(PHONE.height);
    const feed = await box(page.getByTestId('feed'));
    expect(feed).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: bar.y });
    const first = page.getByTestId('feed-item').first();
    expect(await box(first)).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: bar.y });

    // The header and its tabs lie over the post (which starts at the top of the screen, under them).
    const header = await box(page.locator('.feed-header'));
    expect(header).toMatchObject({ x: 0, y: 0, width: PHONE.width });
    for (const tab of ['feed-tab-following', 'feed-tab-for-you']) {
      const b = await box(page.getByTestId(tab));
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(bottom(b)).toBeLessThanOrEqual(bottom(header));
    }
    // What lies on top at the For You tab's middle is the tab, not the post under it.
    const tab = await box(page.getByTestId('feed-tab-for-you'));
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid]')?.getAttribute('data-testid'),
      [tab.x + tab.width / 2, tab.y + tab.height / 2],
    );
    expect(onTop).toBe('feed-tab-for-you');

    // The story row lies over the post, under the header...
    const strip = page.getByTestId('stories-strip');
    const stripAtTop = await box(strip);
    expect(stripAtTop.y).toBeGreaterThanOrEqual(bottom(header) - 1);
    expect(bottom(stripAtTop)).toBeLessThan(bar.y / 2);
    await screenshot(page, 'desktop-layout-04-phone-feed-top');

    // ...and a swipe to the next post takes it away with the first post, while the header stays.
    await page.mouse.move(PHONE.width / 2, bar.y / 2);
    await page.mouse.wheel(0, bar.y);
    await expect.poll(() => page.getByTestId('feed-item').nth(1).getAttribute('data-active')).toBe('true');
    await expect.poll(async () => bottom(await box(strip)), { timeout: 5_000 }).toBeLessThanOrEqual(0);
    expect(await box(page.locator('.feed-header'))).toMatchObject({ x: 0, y: 0 });
    expect((await box(page.getByTestId('feed-item').nth(1))).y).toBe(0);
    await screenshot(page, 'desktop-layout-05-phone-feed-scrolled');
    // No room for the recommendations column.
    expect(await page.getByTestId('recommendations-sidebar').isVisible()).toBe(false);

    // Messages one at a time: the list across the screen, then the conversation in its place.
    const friend = await session.signedIn('e2e_phone_friend');
    const sent = await friend.context.request.post(api('/api/messages'), {
      headers: jsonHeaders(),
      data: { receiverId: await userId(me.context), content: 'Hello on the small screen' },
    });
    expect(sent.status()).toBe(201);
    const friendId = await userId(friend.context);
    await page.getByTestId('nav-messages').click();
    const conversation = page.locator(`[data-testid="conversation-item"][data-user-id="${friendId}"]`);
    await conversation.waitFor({ timeout: 15_000 });
    expect(await box(page.getByTestId('conversation-list'))).toMatchObject({ x: 0, width: PHONE.width });
    expect(await page.getByTestId('chat-none').isVisible()).toBe(false);
    await conversation.click();
    const chat = page.getByTestId('chat-view');
    await chat.getByTestId('message-item').filter({ hasText: 'Hello on the small screen' }).waitFor();
    expect(await box(chat)).toMatchObject({ x: 0, width: PHONE.width });
    expect(await page.getByTestId('conversation-list').isVisible()).toBe(false);
    await screenshot(page, 'desktop-layout-07-phone-chat');
    expect(me.breaches).toEqual([]);
  }, 120_000);
});
