import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from './support/browser-session.ts';
import { screenshot } from './support/browser.ts';
import { load, visitAll, watched } from './support/content-policy.ts';
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

/**
 * Security headers in the real browser: every screen of the built client (as a visitor, and
 * signed in with every staff role so staff screens show their content) loads under the
 * Content-Security-Policy with no violation, and a photo uploads straight to the object store.
 * Camera, face detection and the API's own pages: security-headers-media.e2e.test.ts.
 */
describe('security headers and the Content-Security-Policy on every screen', () => {
  const session = browserSession();
  let filesDir: string;
  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'e2e-csp-'));
  });
  afterAll(async () => {
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

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
});
