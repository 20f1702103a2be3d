import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSession } from './support/browser-session.ts';
import { newTestUser, signUpAndSignIn } from './support/accounts.ts';
import { firstScreenLoad, type FirstScreenLoad } from './support/first-screen-load.ts';

/** What a newcomer's phone may download before the first screen: 200 KB of gzipped JavaScript. */
const JS_BUDGET_BYTES = 200 * 1024;
/**
 * The client as a phone on a slow network gets it: a production build, compressed, cached, and
 * within its JavaScript budget before the first screen. The figures, Largest Contentful Paint on
 * Slow 4G with a 4x slower CPU included, are printed on every run (FIRST_SCREEN_TRACE=1 adds each
 * request's timings and the LCP element). The LCP target, 2.5 s, is not met yet on this 2-core
 * machine (see docs/performance.md): it is printed, not asserted, until it holds on a busy run.
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
    const load = await firstScreenLoad(page, '/', page.locator('.landing__brand'));
    print('landing (visitor)', load);
    expect(load.servedJsBytes).toBeLessThan(load.gzipJsBytes); // brotli copies are served
    await expectProductionJs(page, load);
    expect(load.gzipJsBytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
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

    const load = await firstScreenLoad(freshPage, '/', freshPage.getByTestId('feed-item').first());
    print('home feed (signed in)', load);
    await expectProductionJs(freshPage, load);
    expect(load.gzipJsBytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    // The session check and the feed's first page come with the page: the feed waits for no API round trip.
    expect(load.requestStarts['/api/feed?tab=for-you']).toBeUndefined();
  });
});
