import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { ProductView } from '@myworld/testkit/browser';
import { launchBrowser, newMobileContext } from './browser.ts';
import { sharedProduct } from './shared-product.ts';
import { newTestUser, signUpAndSignIn, type TestUser } from './accounts.ts';

export interface SessionPage {
  readonly context: BrowserContext;
  readonly page: Page;
}

export interface BrowserSession {
  /** The product shared by every browser test (e2e/support/shared-product.ts). */
  readonly product: ProductView;
  /** A phone-sized browser context (with `options` on top), closed after the suite. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * A visitor's page in a new context. Its page errors, console errors and failed responses are
   * printed with `label`, for a failure's log.
   */
  visitor(label: string, options?: BrowserContextOptions): Promise<SessionPage>;
  /** As `visitor`, for a newly registered, signed-in user. */
  signedIn(label: string, options?: BrowserContextOptions): Promise<SessionPage & { readonly user: TestUser }>;
  /** The page of `signedIn(label)`. */
  signedInPage(label: string): Promise<Page>;
}

/**
 * For a describe block of browser tests: the shared product and Debian's Chromium (with fake
 * cameras when `media`), started before its tests and closed after them with every context they
 * opened.
 */
export function browserSession(options: { readonly media?: boolean } = {}): BrowserSession {
  const product = sharedProduct();
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser({ media: options.media ?? false });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });
  const session: BrowserSession = {
    product,
    async newContext(contextOptions) {
      const context = await newMobileContext(browser!, session.product.baseUrl, contextOptions);
      contexts.push(context);
      return context;
    },
    async visitor(label, contextOptions) {
      const context = await session.newContext(contextOptions);
      return { context, page: await watchedPage(context, label) };
    },
    async signedIn(label, contextOptions) {
      const context = await session.newContext(contextOptions);
      const user = newTestUser(label);
      await signUpAndSignIn(context, session.product.baseUrl, user);
      return { context, page: await watchedPage(context, label), user };
    },
    async signedInPage(label) {
      return (await session.signedIn(label)).page;
    },
  };
  return session;
}

/** A new page whose page errors, console errors and failed responses are printed with `label`. */
export async function watchedPage(context: BrowserContext, label: string): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`[${label} console] ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[${label} pageerror] ${e.message}`));
  page.on(
    'response',
    (r) =>
      r.status() >= 400 &&
      console.log(`[${label} response] ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`),
  );
  return page;
}
