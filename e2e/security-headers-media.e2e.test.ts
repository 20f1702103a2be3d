import { describe, expect, it } from 'vitest';
import { browserSession } from './support/browser-session.ts';
import { screenshot } from './support/browser.ts';
import { expectClientHeaders, load, watched } from './support/content-policy.ts';
import { inboundOf, liveStats } from './support/live-stats.ts';

/**
 * Security headers in the real browser, for what needs more than a page load: a user who arrived
 * on another page goes live with the camera (Permissions-Policy) and a visitor receives the video,
 * the face filter's detector runs on its WASM backend, and the API documentation and the
 * development outbox work under their own policy. Every screen: security-headers.e2e.test.ts.
 */
describe('security headers and the Content-Security-Policy for camera, detector and API pages', () => {
  const session = browserSession({ media: true });

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
