import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { browserSession, type SessionPage } from './support/browser-session.ts';
import { screenshot } from './support/browser.ts';
import { inboundOf, liveStats } from './support/live-stats.ts';
import { chooseFileInUploader, writeSamplePhoto } from './support/media-files.ts';

/** One screen the client declares in a feature's routes.tsx: its wouter path and who gets it. */
interface DeclaredRoute {
  path: string;
  access: 'signed-in' | 'signed-out' | 'everyone';
}

/** Every route of the client, read from the source (web/src/features/<f>/routes.tsx), so a new page cannot be left out. */
async function declaredRoutes(): Promise<DeclaredRoute[]> {
  const features = join('web', 'src', 'features');
  const routes: DeclaredRoute[] = [];
  for (const feature of await readdir(features)) {
    const source = await readFile(join(features, feature, 'routes.tsx'), 'utf8').catch(() => '');
    for (const m of source.matchAll(/path:\s*'([^']+)',\s*access:\s*'(signed-in|signed-out|everyone)'/g))
      routes.push({ path: m[1]!, access: m[2] as DeclaredRoute['access'] });
  }
  return routes;
}

/** Whether a concrete address is one of a wouter pattern's (":id" matches one segment). */
const matches = (pattern: string, address: string) =>
  new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(address.split('?')[0]!);

/** Which browser-reported problems count as a policy breach: CSP reports, and Chromium's console words for CSP and Permissions-Policy. */
const POLICY_CONSOLE =
  /Refused to|Content Security Policy|Content-Security-Policy|Permissions[- ]Policy|permissions policy violation/i;

/**
 * Security headers in the real browser: every screen of the built client (as a visitor, and
 * signed in with every staff role so staff screens show their content) loads under the
 * Content-Security-Policy with no violation, a photo uploads straight to the object store, a
 * user who arrived on another page goes live with the camera (Permissions-Policy) and a visitor
 * receives the video, the face filter's detector runs on its WASM backend, and the API
 * documentation and the development outbox work under their own policy.
 */
describe('security headers and the Content-Security-Policy in the browser', () => {
  const session = browserSession({ media: true });
  let filesDir: string;
  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'e2e-csp-'));
  });
  afterAll(async () => {
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  /** Every policy breach any page of `context` reports, from the document's own `securitypolicyviolation` events and the console. */
  async function watchPolicies(context: BrowserContext, page: Page): Promise<string[]> {
    const breaches: string[] = [];
    await context.exposeBinding('__reportPolicyBreach', (_source, text: string) => void breaches.push(text));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __reportPolicyBreach(text: string): void }).__reportPolicyBreach;
        report(
          `${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });
    page.on(
      'console',
      (m) =>
        POLICY_CONSOLE.test(m.text()) &&
        breaches.push(`${new URL(page.url()).pathname} console ${m.type()}: ${m.text()}`),
    );
    return breaches;
  }

  /** A watched page: its policy breaches are collected from before its first script runs. */
  async function watched<T extends SessionPage>(open: Promise<T>): Promise<T & { breaches: string[] }> {
    const opened = await open;
    return { ...opened, breaches: await watchPolicies(opened.context, opened.page) };
  }

  /** The headers every document of the client carries. */
  function expectClientHeaders(response: Response | null, address: string): void {
    expect(response, address).not.toBeNull();
    const headers = response!.headers();
    expect(headers['content-type'], address).toMatch(/^text\/html/);
    const csp = headers['content-security-policy'] ?? '';
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc, address).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp, address).toContain("frame-ancestors 'none'");
    expect(csp, address).toContain("object-src 'none'");
    expect(csp, address).toContain("base-uri 'self'");
    expect(headers['referrer-policy'], address).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], address).toMatch(/^camera=\(self\), microphone=\(self\)/);
    expect(headers['cross-origin-opener-policy'], address).toBe('same-origin');
    expect(headers['x-content-type-options'], address).toBe('nosniff');
  }

  /** Opens `address` as a new document and waits until its screen has rendered and its requests have settled. */
  async function load(page: Page, address: string): Promise<Response | null> {
    const response = await page.goto(address);
    await page.waitForFunction(
      () =>
        (document.getElementById('root')?.children.length ?? 0) > 0 &&
        !document.querySelector('[data-testid="app-loading"]'),
    );
    await page.waitForLoadState('networkidle');
    return response;
  }

  /** Loads every address in turn: the headers are present, the screen is a real one (not the 404 page), and no policy was breached. */
  async function visitAll(page: Page, breaches: string[], addresses: readonly string[]): Promise<void> {
    for (const address of addresses) {
      expectClientHeaders(await load(page, address), address);
      const notFound = await page.getByText('404 Page Not Found').count();
      expect(notFound, `${address} shows a real screen`).toBe(address === '/no-such-page' ? 1 : 0);
      expect(breaches, `after ${address}`).toEqual([]);
    }
  }

  const visitorPages = [
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password-form',
    '/confirm-email-change',
    '/privacy-policy',
    '/terms-of-service',
    '/live',
    '/go-live',
    `/stream/${randomUUID()}`,
    '/search',
    '/discover',
    '/hashtag/e2e',
    // Shared links: open to visitors (an unknown id shows the page's own "not found").
    `/video/${randomUUID()}`,
    `/post/${randomUUID()}`,
    `/profile/${randomUUID()}`,
    '/mobile-test',
    '/no-such-page',
  ];
  const signedInPages = (ids: { postId: string; userId: string }) => [
    '/',
    `/video/${ids.postId}`,
    `/post/${ids.postId}`,
    '/profile',
    `/profile/${ids.userId}`,
    '/analytics',
    '/payments/confirm',
    '/live',
    '/live-streams',
    '/go-live',
    `/stream/${randomUUID()}`,
    '/messages',
    '/content-moderation',
    '/admin/roles',
    '/create-post',
    '/quick-videos',
    '/upload',
    '/recommendations',
    '/search',
    '/discover',
    '/hashtag/e2e',
    '/video-editor-test',
    '/video-editor',
    '/mobile-test',
    '/privacy-policy',
    '/terms-of-service',
    '/confirm-email-change',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password-form',
  ];

  it('the lists below cover every route the client declares, for each kind of session that gets it', async () => {
    const routes = await declaredRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const signedIn = signedInPages({ postId: randomUUID(), userId: randomUUID() });
    for (const route of routes) {
      if (route.access !== 'signed-in')
        expect(
          visitorPages.some((a) => matches(route.path, a)),
          `visitor list covers ${route.path}`,
        ).toBe(true);
      if (route.access !== 'signed-out')
        expect(
          signedIn.some((a) => matches(route.path, a)),
          `signed-in list covers ${route.path}`,
        ).toBe(true);
    }
  });

  it('every screen loads for a visitor with the headers and no policy violation', async () => {
    const { page, breaches } = await watched(session.visitor('csp-visitor'));
    await visitAll(page, breaches, visitorPages);
  }, 180_000);

  it('signed in as admin and moderator: a photo uploads straight to the store, then every screen loads with no policy violation', async () => {
    const { page, context, user, breaches } = await watched(session.signedIn('csp_user'));
    const base = session.product.baseUrl;
    const userId = ((await (await context.request.get(`${base}/api/auth/user`)).json()) as { id: string }).id;
    // Staff screens show their content, not a refusal: the documented admin CLI grants the roles.
    for (const role of ['admin', 'moderator']) {
      await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'scripts/admin.ts', 'grant', role, user.username],
        { env: { ...process.env, DATABASE_URL: session.product.databaseUrl } },
      );
    }
    await expect
      .poll(async () => (await context.request.get(`${base}/api/admin/roles`)).status(), { timeout: 20_000 })
      .toBe(200);

    // The uploader PUTs the photo to the object store's own origin (connect-src), and the composer previews it (blob:).
    const photo = await writeSamplePhoto(filesDir);
    await load(page, '/create-post');
    await page.getByTestId('post-content-input').fill('Under a strict policy');
    await chooseFileInUploader(page, 'post-photo-upload', photo);
    await page.getByRole('status').filter({ hasText: 'Photo uploaded!' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('post-preview').locator('img').waitFor();
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/text-posts' && r.status() === 201,
      { timeout: 60_000 },
    );
    await page.getByTestId('share-post-button').click();
    const answer = await created.catch((error: unknown) => {
      console.log(session.product.logs().slice(-4000)); // why the post was not created
      throw error;
    });
    const postId = ((await answer.json()) as { post: { id: string } }).post.id;
    expect(breaches).toEqual([]);

    await visitAll(page, breaches, signedInPages({ postId, userId }));
    await screenshot(page, 'csp-signed-in-last-page');
  }, 300_000);

  it('a user who arrived on another screen goes live with the camera, and a visitor receives the video, with no policy violation', async () => {
    const streamer = await watched(session.signedIn('csp_streamer'));
    const a = streamer.page;
    // The document is the Create hub's; Go Live is reached inside it, as a user gets there.
    await load(a, '/upload');
    await a.evaluate(() => Object.assign(window, { sameDocument: true }));
    await a.getByTestId('go-live-card').click();
    await a.waitForURL('**/go-live');
    expect(await a.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await a.getByRole('button', { name: 'Enable Camera' }).click();
    await a
      .getByTestId('camera-status')
      .filter({ hasText: /^Ready$/ })
      .waitFor();
    await a.getByLabel('Title').fill('Live under a strict policy');
    await a.getByTestId('go-live').click();
    await a.getByRole('heading', { name: "You're Live!" }).waitFor({ timeout: 20_000 });
    const streamId = await a.getByTestId('stream-info').getAttribute('data-stream-id');

    const viewer = await watched(session.visitor('csp-viewer'));
    expectClientHeaders(await load(viewer.page, `/stream/${streamId}`), '/stream/:id');
    await expect
      .poll(async () => Number(inboundOf(await liveStats(viewer.page, 'viewing'), 'video')[0]?.framesDecoded ?? 0), {
        timeout: 20_000,
        interval: 200,
      })
      .toBeGreaterThan(0);
    expect(streamer.breaches).toEqual([]);
    expect(viewer.breaches).toEqual([]);
    await a.getByTestId('end-stream').click();
  }, 120_000);

  it("the face filter's detector loads its models and WASM from our origin and detects under the policy", async () => {
    const { page, breaches } = await watched(session.signedIn('csp_editor'));
    await load(page, '/video-editor');
    await page.getByTestId('editor-mode-camera').click();
    await page.getByTestId('editor-tab-face').click();
    await page.getByTestId('face-filter-dog-ears').click();
    const rate = page.getByTestId('face-detection-rate');
    await expect
      .poll(async () => Number(await rate.getAttribute('data-rate')), { timeout: 60_000, interval: 500 })
      .toBeGreaterThan(0);
    // Headless Chromium has no GPU: the detector picks the WASM backend, which 'wasm-unsafe-eval' lets compile.
    expect(await rate.getAttribute('data-backend')).toBe('wasm');
    expect(breaches).toEqual([]);
    await screenshot(page, 'csp-face-filter');
  }, 120_000);

  it('the API documentation and the development outbox work under their own policy', async () => {
    const { page, breaches } = await watched(session.visitor('csp-docs'));
    const docs = await page.goto('/api/docs');
    expect(docs?.headers()['content-security-policy']).toContain("script-src 'self';");
    expect(docs?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'MyWorld API' }).waitFor();
    await page.locator('.opblock').first().waitFor();
    await page.waitForLoadState('networkidle');
    const outbox = await page.goto('/dev/outbox');
    expect(outbox?.status()).toBe(200);
    expect(outbox?.headers()['permissions-policy']).toMatch(/^camera=\(\), microphone=\(\)/);
    await page.waitForLoadState('networkidle');
    expect(breaches).toEqual([]);
  }, 60_000);
});
