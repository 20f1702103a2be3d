import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { browserSession } from './support/browser-session.ts';
import { newTestUser, signUpAndSignIn } from './support/accounts.ts';
import { firstScreenLoad, type FirstScreenLoad } from './support/first-screen-load.ts';

/** What a newcomer's phone may download before the first screen: 200 KB of gzipped JavaScript. */
const JS_BUDGET_BYTES = 200 * 1024;
/** Largest Contentful Paint on a mid-range phone on Slow 4G: "good" in Core Web Vitals. */
const LCP_BUDGET_MS = 2500;

/** Every console error and uncaught error of `page` from now on (React reports a hydration mismatch as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // The browser's line for an answer's status (a visitor's 401 to the session check) is no script's error.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource:')) errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

/**
 * Waits until React has taken over the server's `element` (hydration gives each element it adopts
 * its props under a `__reactProps$…` key): a click before that would go to markup with no handler.
 */
async function hydrated(element: Locator): Promise<void> {
  await element.evaluate(
    (e) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(e).some((key) => key.startsWith('__reactProps$')) ? resolve() : setTimeout(check, 50);
        check();
      }),
  );
}
/**
 * The client as a phone on a slow network gets it: a production build, compressed, cached, and
 * within its JavaScript budget before the first screen. The figures, Largest Contentful Paint on
 * Slow 4G with a 4x slower CPU included, are printed on every run (FIRST_SCREEN_TRACE=1 adds each
 * request's timings and the LCP element). The first screen comes rendered in the HTML (the
 * server's render, web/src/entry-server.tsx), so it paints before the JavaScript arrives, and the
 * client then takes it over without a hydration error (see docs/performance.md).
 */
describe('the web client on a slow phone', () => {
  const session = browserSession();

  function print(label: string, load: FirstScreenLoad): void {
    console.log(
      `[web-client budget] ${label}: ${(load.gzipJsBytes / 1024).toFixed(1)} KB gzipped JS in ${load.jsFiles.length} files ` +
        `(${(load.servedJsBytes / 1024).toFixed(1)} KB as served, brotli) before the first screen; ` +
        `LCP ${load.lcpMs.toFixed(0)} ms on Slow 4G with 4x CPU slowdown`,
    );
  }

  async function postAsNewUser(context: BrowserContext, content: string): Promise<void> {
    await signUpAndSignIn(context, session.product.baseUrl, newTestUser('e2e_budget'));
    const created = await context.request.post(`${session.product.baseUrl}/api/text-posts`, {
      headers: { origin: session.product.baseUrl, 'content-type': 'application/json' },
      data: { content },
    });
    expect(created.status()).toBe(201);
  }

  async function expectProductionJs(page: Page, load: FirstScreenLoad): Promise<void> {
    for (const url of load.jsFiles) {
      const res = await page.context().request.get(url, { headers: { 'accept-encoding': 'identity' } });
      // React's development build (and JSX compiled for it) names jsxDEV; a production build never does.
      expect(await res.text(), url).not.toContain('jsxDEV');
      if (new URL(url).pathname.startsWith('/assets/'))
        expect(res.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  }

  it("a visitor's landing page: production JavaScript within budget, compressed, cached for a year", async () => {
    const { page } = await session.visitor('e2e_visitor');
    const errors = collectErrors(page);
    const load = await firstScreenLoad(page, '/', page.locator('.landing__brand'));
    print('landing (visitor)', load);
    expect(load.servedJsBytes).toBeLessThan(load.gzipJsBytes); // brotli copies are served
    await expectProductionJs(page, load);
    expect(load.gzipJsBytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(load.lcpMs).toBeLessThanOrEqual(LCP_BUDGET_MS);
    // The server's page answers once the client has taken it over.
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await hydrated(signIn);
    await signIn.click();
    await page.waitForURL('**/login', { timeout: 60_000 });
    expect(errors).toEqual([]);
  });

  it("a signed-in user's home feed: production JavaScript within budget, the feed's first page comes with the page", async () => {
    const author = await session.newContext();
    await postAsNewUser(author, 'Morning light on the harbour, first post of the day');
    const { page } = await session.signedIn('e2e_reader');
    // The feed's read model must hold the post before the timed load, or the load would time the wait.
    await page.goto('/');
    await page.getByTestId('feed-item').first().waitFor({ timeout: 30_000 });
    const fresh = await session.newContext({ storageState: await page.context().storageState() });
    const freshPage = await fresh.newPage();
    const errors = collectErrors(freshPage);

    const load = await firstScreenLoad(freshPage, '/', freshPage.getByTestId('feed-item').first());
    print('home feed (signed in)', load);
    await expectProductionJs(freshPage, load);
    expect(load.gzipJsBytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    // The session check and the feed's first page come with the page: the feed waits for no API round trip.
    expect(load.requestStarts['/api/feed?tab=for-you']).toBeUndefined();
    expect(load.lcpMs).toBeLessThanOrEqual(LCP_BUDGET_MS);
    // The server's page answers once the client has taken it over.
    const following = freshPage.getByTestId('feed-tab-following');
    await hydrated(following);
    await following.click();
    await expect.poll(() => following.getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    expect(errors).toEqual([]);
  });
});
