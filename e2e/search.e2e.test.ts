import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSession } from './support/browser-session.ts';
import { screenshot } from './support/browser.ts';
import { newTestUser, signUpAndSignIn, type TestUser } from './support/accounts.ts';

/**
 * Search end to end: the built web client in Debian's Chromium against the whole product. A
 * creator posts a text post with a hashtag; another user, on /search, finds the creator, the
 * hashtag and the post by typing, and each result opens its page (profile, hashtag, post detail).
 */
describe('search in the browser', () => {
  const session = browserSession();

  async function signedIn(label: string): Promise<{ context: BrowserContext; user: TestUser }> {
    const context = await session.newContext();
    const user = newTestUser(label);
    await signUpAndSignIn(context, session.product.baseUrl, user);
    return { context, user };
  }

  /** Waits until GET /api/search answers `q` with a result of this type and id (the read model is built from the log, within a second). */
  async function searchable(
    context: BrowserContext,
    q: string,
    filter: string,
    type: string,
    id: string,
  ): Promise<void> {
    await expect
      .poll(
        async () => {
          const res = await context.request.get(
            `${session.product.baseUrl}/api/search?${new URLSearchParams({ q, filter }).toString()}`,
          );
          const results = res.ok() ? ((await res.json()) as { type: string; id: string }[]) : [];
          return results.some((r) => r.type === type && r.id === id);
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
  }

  /** Types `q` into the search page's box (after choosing `filter`) and returns the result it finds. */
  async function search(page: Page, q: string, filter: string, type: string, id: string) {
    await page.goto('/search');
    await page.getByTestId(`search-filter-${filter}`).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(q);
    const result = page.locator(`[data-testid="search-result-${type}"][data-result-id="${id}"]`);
    await result.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('search-status').textContent()).toMatch(
      new RegExp(`^Search Results for "${q}" \\(\\d+\\)$`),
    );
    return result;
  }

  it('finds a user, a hashtag and a post from /search and opens each', async () => {
    const author = await signedIn('e2e_creator');
    const run = Date.now().toString(36);
    const tag = `sunset${run}`;
    const word = `lagoon${run}`;
    const created = await author.context.request.post(`${session.product.baseUrl}/api/text-posts`, {
      headers: { origin: session.product.baseUrl, 'content-type': 'application/json' },
      data: { content: `Golden hour over the ${word} #${tag}` },
    });
    expect(created.status()).toBe(201);
    const postId = ((await created.json()) as { post: { id: string } }).post.id;
    const me = await author.context.request.get(`${session.product.baseUrl}/api/auth/user`);
    const authorId = ((await me.json()) as { id: string }).id;

    const searcher = await signedIn('e2e_searcher');
    await searchable(searcher.context, author.user.username, 'users', 'user', authorId);
    await searchable(searcher.context, tag, 'hashtags', 'hashtag', tag);
    await searchable(searcher.context, word, 'posts', 'text_post', postId);
    const page = await searcher.context.newPage();
    page.on('pageerror', (e) => console.log(`[searcher pageerror] ${e.message}`));

    // Nothing typed: the trending tabs.
    await page.goto('/search');
    await page.getByRole('tab', { name: 'Trending Hashtags' }).waitFor();
    await screenshot(page, 'search-00-trending');

    // 1. The creator, by username: their profile.
    const creator = await search(page, author.user.username, 'users', 'user', authorId);
    await screenshot(page, 'search-01-results');
    await creator.click();
    await page.waitForURL(`**/profile/${author.user.username}`);
    expect(await page.getByTestId('public-profile-handle').textContent()).toContain(author.user.username);
    await screenshot(page, 'search-02-profile');

    // 2. The hashtag: its page with its use count and the post as a feed item.
    await (await search(page, tag, 'hashtags', 'hashtag', tag)).click();
    await page.waitForURL(`**/hashtag/${tag}`);
    await page.getByTestId('hashtag-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`#${tag}`);
    expect(await page.getByTestId('hashtag-use-count').textContent()).toBe('1 post');
    await page.locator(`[data-testid="feed-item"][data-post-id="${postId}"]`).waitFor();
    await screenshot(page, 'search-03-hashtag');
    // Shared, the hashtag's link previews in other apps (Open Graph tags in the served page).
    const served = await (await searcher.context.request.get(`${session.product.baseUrl}/hashtag/${tag}`)).text();
    expect(served).toContain(`<meta property="og:title" content="#${tag} on MyWorld" />`);
    expect(served).toContain(
      `<meta property="og:description" content="1 post · Golden hour over the ${word} #${tag}" />`,
    );

    // 3. The post, by a word of its text: its detail page.
    await (await search(page, word, 'posts', 'text_post', postId)).click();
    await page.waitForURL(`**/post/${postId}`);
    await page.locator(`[data-testid="post-detail"][data-post-id="${postId}"]`).waitFor();
    expect(await page.getByTestId('post-detail').textContent()).toContain(word);
    await screenshot(page, 'search-04-post');
  }, 120_000);

  it('a shared post link works for a visitor: the post, its author, counts and comments; liking signs them in and brings them back', async () => {
    const author = await signedIn('e2e_sharer');
    const run = Date.now().toString(36);
    const headers = { origin: session.product.baseUrl, 'content-type': 'application/json' };
    const created = await author.context.request.post(`${session.product.baseUrl}/api/text-posts`, {
      headers,
      data: { content: `Shared with everyone ${run}` },
    });
    expect(created.status()).toBe(201);
    const { post, position } = (await created.json()) as { post: { id: string }; position: string };
    const commented = await author.context.request.post(`${session.product.baseUrl}/api/posts/${post.id}/comments`, {
      headers: { ...headers, 'x-min-position': position },
      data: { content: 'First comment, from the author' },
    });
    expect(commented.status()).toBe(201);
    // The visitor's first load sends no position: wait until the read models it reads hold the comment.
    const after = { 'x-min-position': ((await commented.json()) as { position: string }).position };
    const base = session.product.baseUrl;
    const comments = await author.context.request.get(`${base}/api/posts/${post.id}/comments`, { headers: after });
    expect(((await comments.json()) as unknown[]).length).toBe(1);
    const profileRead = await author.context.request.get(`${base}/api/users/${author.user.username}/profile`, {
      headers: after,
    });
    expect(profileRead.status()).toBe(200);

    const visitorContext = await session.newContext();
    // The served page previews in other apps (Open Graph), before any script runs.
    const served = await (await visitorContext.request.get(`${base}/post/${post.id}`)).text();
    expect(served).toContain(`<meta property="og:description" content="Shared with everyone ${run}" />`);
    const page = await visitorContext.newPage();
    await page.goto(`/post/${post.id}`);
    const detail = page.locator(`[data-testid="post-detail"][data-post-id="${post.id}"]`);
    await detail.waitFor();
    expect(await detail.textContent()).toContain(`Shared with everyone ${run}`);
    expect(await detail.textContent()).toContain(author.user.username);
    await page.getByText('First comment, from the author').waitFor();
    await page.getByTestId('sign-in-to-comment').waitFor();
    await page.getByTestId('visitor-nav').waitFor();
    await screenshot(page, 'search-07-shared-post-visitor');

    // The author's profile, from the same link as search gives.
    const profile = await visitorContext.newPage();
    await profile.goto(`/profile/${author.user.username}`);
    await profile.getByTestId('public-profile').waitFor();
    expect(await profile.getByTestId('public-profile').textContent()).toContain(author.user.username);

    // Liking asks the visitor to sign in, then brings them back to the post, and the like is made.
    await detail.getByTestId('like-button').click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/login' && url.searchParams.get('next') === `/post/${post.id}?resume=like%3A${post.id}`,
    );
    const reader = newTestUser('e2e_reader');
    const registered = await visitorContext.request.post(`${session.product.baseUrl}/api/auth/register`, {
      headers,
      data: { ...reader, birthDate: '1990-04-01' },
    });
    expect(registered.status()).toBe(201);
    await visitorContext.clearCookies();
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Password', { exact: true }).fill(reader.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === `/post/${post.id}`);
    await expect.poll(async () => detail.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
    // ... once: the address no longer carries it, so a reload does not take it back.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // The server holds it (polled: a plain read carries no read position).
    await expect
      .poll(
        async () =>
          ((await (await visitorContext.request.get(`${base}/api/posts/${post.id}`)).json()) as { liked: boolean })
            .liked,
      )
      .toBe(true);

    // "Sign in to comment" brings a visitor back to the post, ready to write.
    const commenter = await session.newContext();
    const commentPage = await commenter.newPage();
    await commentPage.goto(`/post/${post.id}`);
    await commentPage.getByRole('link', { name: 'Sign in to comment' }).click();
    await commentPage.waitForURL(
      (url) =>
        url.pathname === '/login' && url.searchParams.get('next') === `/post/${post.id}?resume=comment%3A${post.id}`,
    );
    await commentPage.getByLabel('Email').fill(reader.email);
    await commentPage.getByLabel('Password', { exact: true }).fill(reader.password);
    await commentPage.getByRole('button', { name: 'Sign In' }).click();
    await commentPage.waitForURL((url) => url.pathname === `/post/${post.id}` && url.search === '');
    await expect
      .poll(() => commentPage.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('comment-input');
    await screenshot(commentPage, 'search-08-comment-after-sign-in');
  }, 120_000);

  it("shows a visitor /discover with real counts, and Home's recommendations sidebar on wide screens only", async () => {
    const visitor = await session.newContext();
    const page = await visitor.newPage();
    await page.goto('/discover');
    await page.getByTestId('discover-total-videos').waitFor();
    expect(await page.getByTestId('discover-total-creators').locator('dd').textContent()).toMatch(/^\d/);
    await page.getByTestId('discover-category-all').waitFor();
    await screenshot(page, 'search-05-discover-visitor');

    const { context } = await signedIn('e2e_home');
    const home = await context.newPage();
    await home.goto('/');
    await home.getByTestId('bottom-nav').waitFor();
    expect(await home.getByTestId('recommendations-sidebar').isVisible()).toBe(false);
    await home.setViewportSize({ width: 1400, height: 900 });
    await home.getByTestId('recommendations-sidebar').waitFor({ state: 'visible' });
    const sidebar = home.getByTestId('recommendations-sidebar');
    await sidebar
      .getByTestId('recommendations-list')
      .or(sidebar.getByTestId('recommendations-empty'))
      .first()
      .waitFor();
    await screenshot(home, 'search-06-home-wide');
  }, 120_000);

  it('the landing page shows what is really published: the trending posts and the count of creators the API gives, no invented figures', async () => {
    // At least one creator has published (the other files' creators count too).
    const author = await signedIn('e2e_landing');
    const created = await author.context.request.post(`${session.product.baseUrl}/api/text-posts`, {
      headers: { origin: session.product.baseUrl, 'content-type': 'application/json' },
      data: { content: 'A first post for the landing page' },
    });
    expect(created.status()).toBe(201);

    const visitor = await session.newContext();
    const page = await visitor.newPage();
    // The landing reads /api/trending as a visitor (no read position of the author's): reload until it counts them.
    let trending = { content: [] as Array<{ id: string; type: string }>, totals: { creators: 0 } };
    await expect
      .poll(
        async () => {
          const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trending');
          await page.goto('/');
          trending = (await (await answer).json()) as typeof trending;
          return trending.totals.creators;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    const strip = page.getByTestId('landing-creators-text');
    await strip.waitFor();
    const { creators } = trending.totals;
    expect(await strip.textContent()).toMatch(
      new RegExp(`^Join ${creators < 1000 ? creators : '[\\d.]+K'} creators? `),
    );
    expect(await page.getByText('+1K', { exact: true }).count()).toBe(0);
    const posts = trending.content.filter((c) => c.type === 'video' || c.type === 'text_post').slice(0, 6);
    const hrefs = await page
      .getByTestId('landing-trending-post')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(hrefs).toEqual(posts.map((p) => (p.type === 'video' ? `/video/${p.id}` : `/post/${p.id}`)));
    await page.getByTestId('landing-creators').scrollIntoViewIfNeeded();
    await screenshot(page, 'search-07-landing-real-content');
  });
});
