import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startProduct, type RunningProduct } from '@myworld/testkit';
import { launchBrowser, newMobileContext } from './browser.ts';
import { newTestUser, signUpAndSignIn } from './accounts.ts';

export interface LiveSession {
  /** The running product (set once the suite's beforeAll ran). */
  readonly product: RunningProduct;
  /** A phone-sized browser context, closed after the suite. */
  newContext(): Promise<BrowserContext>;
  /** A page of a newly registered, signed-in user; its console errors are printed with `label`. */
  signedInPage(label: string): Promise<Page>;
}

/**
 * For a describe block of live-media browser tests: the whole product and a Chromium with fake
 * cameras, started before its tests and stopped after them.
 */
export function liveBrowserSession(): LiveSession {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser({ media: true })]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await product?.stop();
  });
  const session: LiveSession = {
    get product() {
      if (!product) throw new Error('the product is not started yet');
      return product;
    },
    async newContext() {
      const context = await newMobileContext(browser!, session.product.baseUrl);
      contexts.push(context);
      return context;
    },
    async signedInPage(label) {
      const context = await session.newContext();
      await signUpAndSignIn(context, session.product.baseUrl, newTestUser(label));
      const page = await context.newPage();
      page.on('console', (m) => m.type() === 'error' && console.log(`[${label} console] ${m.text()}`));
      page.on('pageerror', (e) => console.log(`[${label} pageerror] ${e.message}`));
      return page;
    },
  };
  return session;
}
