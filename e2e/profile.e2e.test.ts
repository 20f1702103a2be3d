import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pngOfSize } from '@myworld/testkit/browser';
import { sharedProduct } from './support/shared-product.ts';
import { launchBrowser, newMobileContext, screenshot as saveScreenshot } from './support/browser.ts';
import { newTestUser, signUpAndSignIn } from './support/accounts.ts';

/**
 * The own profile in Chromium against the whole product: uploads go through Uppy straight to the
 * real object store (the local Swift), the API checks and attaches them, and the profile shows
 * them after a reload.
 */
describe('own profile in the browser', () => {
  const product = sharedProduct();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

  /** Opens the upload dialog behind `testId` and chooses one file in it. */
  async function chooseFile(page: Page, testId: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    await page.getByTestId(`${testId}-button`).click();
    await page
      .locator(`[data-testid="${testId}-dialog"] input[type="file"][name="files[]"]`)
      .first()
      .setInputFiles(file);
  }

  it('uploads a profile picture and a custom background through the Customize Profile modal; the profile shows them after reload; a 6 MB background is refused', async () => {
    const context = await newMobileContext(browser, product.baseUrl);
    try {
      const user = newTestUser('e2e_profile');
      await signUpAndSignIn(context, product.baseUrl, user);
      const page = await context.newPage();
      await page.goto('/profile');
      await page.getByTestId('profile-page').waitFor();
      expect(await page.getByTestId('profile-page').getAttribute('data-background')).toBe('color');
      // The name others see on this profile, with the username as the handle.
      expect(await page.getByTestId('profile-name').textContent()).toBe(`${user.firstName} ${user.lastName}`);
      expect(await page.getByTestId('profile-handle').textContent()).toBe(`@${user.username}`);

      await page.getByTestId('customize-profile-button').click();
      await page.getByTestId('customize-profile-modal').waitFor();
      await page.getByTestId('customize-tab-profile').click();
      await chooseFile(page, 'profile-picture-upload', {
        name: 'me.png',
        mimeType: 'image/png',
        buffer: pngOfSize(20_000),
      });
      await toast(page, 'Profile picture uploaded!').waitFor({ timeout: 30_000 });

      await page.getByTestId('customize-tab-photos').click();
      // Over the custom background's 5 MB: refused in the dialog before anything is sent.
      await chooseFile(page, 'background-upload', {
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: pngOfSize(6 * 1024 * 1024),
      });
      await page
        .getByText(/exceeds maximum allowed size/)
        .first()
        .waitFor();
      await saveScreenshot(page, 'profile-01-background-too-large');
      await page.keyboard.press('Escape');

      await chooseFile(page, 'background-upload', {
        name: 'wall.png',
        mimeType: 'image/png',
        buffer: pngOfSize(2 * 1024 * 1024),
      });
      await toast(page, 'Background uploaded!').waitFor({ timeout: 30_000 });
      await page.getByTestId('customize-save').click();
      await toast(page, 'Profile updated!')
        .waitFor({ timeout: 5_000 })
        .catch(async (error: unknown) => {
          console.log(await page.getByRole('status').allInnerTexts());
          throw error;
        });

      await page.reload();
      await page.getByTestId('profile-page').waitFor();
      await expect.poll(() => page.getByTestId('profile-page').getAttribute('data-background')).toBe('image');
      // The default dark text sits on a light veil over the photo, whatever the photo's colours.
      expect(await page.getByTestId('profile-page').evaluate((e) => getComputedStyle(e).backgroundImage)).toMatch(
        /^linear-gradient\(rgba\(255, 255, 255, 0\.7\), rgba\(255, 255, 255, 0\.7\)\), url\(/,
      );
      const avatar = page.locator('[data-testid="profile-avatar"] img, img[data-testid="profile-avatar"]').first();
      const src = await avatar.getAttribute('src');
      // The server's copy of the upload (no browser can write there).
      expect(src).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\/original-[0-9a-f-]{36}/);
      // The picture is served from the app's origin, as its processed WebP (no upload metadata).
      await expect
        .poll(async () => (await context.request.get(`${product.baseUrl}${src}`)).status(), {
          timeout: 30_000,
          interval: 250,
        })
        .toBe(200);
      const served = await context.request.get(`${product.baseUrl}${src}`);
      expect(served.headers()['content-type']).toBe('image/webp');
      await saveScreenshot(page, 'profile-02-after-reload');
    } finally {
      await context.close();
    }
  }, 120_000);
});
