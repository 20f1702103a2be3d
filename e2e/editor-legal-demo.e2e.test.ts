import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from './support/browser-session.ts';
import { screenshot as saveScreenshot } from './support/browser.ts';
import { writeSampleVideo } from './support/media-files.ts';

/**
 * The video editor, its manual test page, the legal pages and the mobile demo in Chromium with a
 * fake camera, against the whole product (object store and ffmpeg included): an edited clip is
 * saved as a short video with its effects list, and reaches the creator's profile.
 */
describe('video editor, legal pages and the mobile demo in the browser', () => {
  const session = browserSession({ media: true });
  let filesDir: string;
  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'e2e-editor-'));
  });
  afterAll(async () => {
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });
  const newPage = (label: string, signedIn: boolean) => (signedIn ? session.signedIn(label) : session.visitor(label));

  it('the legal pages show their date, minimum age and other facts and lead back home', async () => {
    const { page } = await newPage('legal', false);
    await page.goto('/terms-of-service');
    const terms = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(terms).toContain('August 17, 2025');
    expect(terms).toMatch(/at least 13/);
    expect(terms).toMatch(/under 18[^.]*parent/i);
    expect(terms).toMatch(/gift purchases are final/i);
    await saveScreenshot(page, 'legal-terms');
    await page.goto('/privacy-policy');
    await page.getByTestId('legal-last-updated').filter({ hasText: 'August 17, 2025' }).waitFor();
    const privacy = await page.locator('main').innerText();
    expect(privacy).toMatch(/event log/i);
    expect(privacy).toMatch(/delet/i);
    expect(await page.getByTestId('legal-placeholder').count()).toBeGreaterThan(0); // the operator's address, jurisdiction and contacts
    await page.getByTestId('back-button').click();
    await page.waitForURL(`${session.product.baseUrl}/`);
  });

  it('the mobile demo sends no request once loaded, and refuses a blank post', async () => {
    const { page } = await newPage('demo', false);
    await page.goto('/mobile-test');
    await page.getByTestId('demo-splash').waitFor();
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
    page.on('websocket', (w) => requests.push(`websocket ${w.url()}`));

    await page.getByRole('button', { name: 'Enter MyWorld' }).click();
    await page.getByTestId('demo-feed').waitFor();
    await page.getByTestId('demo-stories').waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    const sheet = page.getByTestId('demo-create-sheet');
    await sheet.getByRole('button', { name: /^Text/ }).click();
    const post = sheet.getByRole('button', { name: 'Post' });
    expect(await post.isDisabled()).toBe(true);
    await sheet.getByRole('textbox').fill('   ');
    expect(await post.isDisabled()).toBe(true);
    await sheet.getByRole('textbox').fill('Hello from the demo');
    await post.click();
    await page.getByTestId('demo-post').filter({ hasText: 'Hello from the demo' }).first().waitFor();
    await saveScreenshot(page, 'mobile-demo-feed');
    expect(requests).toEqual([]);
  });

  it('the editor test page counts Pass and Fail and launches the editor', async () => {
    const { page } = await newPage('checklist', true);
    await page.goto('/video-editor-test');
    const count = async (tone: string) =>
      Number((await page.getByTestId(`count-${tone}`).innerText()).match(/\d+/)![0]);
    expect([await count('passed'), await count('failed'), await count('pending')]).toEqual([0, 0, 5]);
    await page.getByTestId('test-camera-access').getByRole('button', { name: 'Pass' }).click();
    await page.getByTestId('test-video-playback').getByRole('button', { name: 'Pass' }).click();
    await page.getByTestId('test-face-filters').getByRole('button', { name: 'Fail' }).click();
    expect([await count('passed'), await count('failed'), await count('pending')]).toEqual([2, 1, 2]);
    await saveScreenshot(page, 'video-editor-test-page');
    await page.getByRole('button', { name: 'Launch Video Editor' }).click();
    await page.waitForURL(`${session.product.baseUrl}/video-editor`);
  });

  it('the editor applies a colour filter, a sticker and a text overlay to a clip, saves it, and the video reaches the profile with its effects', async () => {
    const { page, context } = await newPage('editor', true);
    const clip = await writeSampleVideo(filesDir, { seconds: 3, name: 'editor-clip.webm' });
    // The editor is reached from the upload hub.
    await page.goto('/upload');
    await page.getByTestId('edit-video-card').click();
    await page.waitForURL((url) => url.pathname === '/video-editor');

    // Camera mode runs the face detector on the fake camera: its rate is this machine's figure.
    await page.getByTestId('editor-mode-camera').click();
    await page.getByTestId('editor-tab-face').click();
    // Every face filter is drawn as SVG, not as an emoji.
    const filters = page.locator('[data-testid^="face-filter-"]');
    expect(await filters.locator('svg').count()).toBe(await filters.count());
    expect(await filters.allTextContents()).not.toContainEqual(expect.stringMatching(/\p{Extended_Pictographic}/u));
    await page.getByTestId('face-filter-dog-ears').click(); // detection runs while a face filter is on
    const rate = page.getByTestId('face-detection-rate');
    await expect
      .poll(async () => Number(await rate.getAttribute('data-rate')), { timeout: 60_000, interval: 1_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(5_000);
    console.log(
      `[editor] face detection: ${await rate.getAttribute('data-rate')} fps, ${await rate.getAttribute('data-ms')} ms per frame, backend ${await rate.getAttribute('data-backend')}`,
    );

    await page.getByTestId('face-filter-none').click();
    await page.getByTestId('editor-mode-playback').click();
    await page.getByTestId('editor-file-input').setInputFiles(clip);
    // Play plays: the time moves on, and Pause stops it.
    await page.getByTestId('editor-play-pause').click();
    const playedTo = async () => Number((await page.getByTestId('editor-time').textContent())!.split(' ')[0]);
    await expect.poll(playedTo, { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(await page.getByTestId('editor-play-pause').getAttribute('data-state')).toBe('playing');
    await page.getByTestId('editor-play-pause').click();
    await expect.poll(() => page.getByTestId('editor-play-pause').getAttribute('data-state')).toBe('paused');
    await page.getByTestId('editor-tab-color').click();
    await page.getByTestId('color-filter-bw').click();
    await page.getByTestId('editor-tab-stickers').click();
    await page.getByTestId('sticker-heart').click();
    await page.getByTestId('editor-tab-text').click();
    await page.getByTestId('text-overlay-input').fill('Sunny day');
    await page.getByTestId('text-overlay-add').click();
    await page.getByTestId('overlay-sticker').first().waitFor();
    await page.getByTestId('overlay-text').filter({ hasText: 'Sunny day' }).waitFor();
    await saveScreenshot(page, 'video-editor-effects');

    await page.getByTestId('editor-save-button').click();
    await page.getByTestId('editor-description-input').fill('Edited in the browser #editor');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/videos',
      { timeout: 120_000 },
    );
    await page.getByTestId('editor-publish-button').click();
    await page.getByTestId('editor-progress').waitFor();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const postId = ((await answer.json()) as { post: { id: string } }).post.id;
    await page.getByTestId('editor-saved').waitFor({ timeout: 30_000 });

    // Processed by the workers (ffmpeg), it shows on the profile, with the effects it was made with.
    await page.getByTestId('editor-view-profile').click();
    const card = page.locator(`[data-testid="profile-posts-grid"] a[href*="${postId}"]`);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page
            .getByTestId('profile-posts-grid')
            .waitFor({ timeout: 5_000 })
            .catch(() => undefined);
          return (await card.count()) > 0 ? card.first().getAttribute('data-status') : 'not shown';
        },
        { timeout: 120_000, interval: 3_000 },
      )
      .toBe('published');
    await saveScreenshot(page, 'video-editor-profile');
    const stored = (await (await context.request.get(`${session.product.baseUrl}/api/posts/${postId}`)).json()) as {
      effects?: Array<{ type: string }>;
    };
    expect(stored.effects?.map((e) => e.type).sort()).toEqual(['filter', 'sticker', 'text']);

    // From the video's own "…" menu, its author opens it in the editor, ready to play.
    await page.goto(`/video/${postId}`);
    await page.getByTestId('more-button').first().click();
    await page.getByTestId('edit-in-editor').click();
    await page.waitForURL((url) => url.pathname === '/video-editor' && url.searchParams.get('video') === postId);
    await expect
      .poll(() => page.getByTestId('editor-playback-video').evaluate((v: HTMLVideoElement) => v.currentSrc), {
        timeout: 15_000,
      })
      .toMatch(/\/objects\/media\//);
    await page.getByTestId('editor-play-pause').click();
    await expect.poll(playedTo, { timeout: 10_000 }).toBeGreaterThan(0.3);
  }, 300_000); // the clip renders in real time, then uploads and goes through ffmpeg
});
