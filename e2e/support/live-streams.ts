import type { Page } from 'playwright-core';

/** A signed-in streamer's page goes live from /go-live; returns the stream id. */
export async function goLive(page: Page, title: string): Promise<string> {
  await page.goto('/go-live');
  await page.getByRole('button', { name: 'Enable Camera' }).click();
  await page.getByTestId('camera-status').filter({ hasText: 'Ready' }).waitFor();
  await page.getByLabel('Title').fill(title);
  await page.getByTestId('go-live').click();
  await page.getByRole('heading', { name: "You're Live!" }).waitFor({ timeout: 20_000 });
  return (await page.getByTestId('stream-info').getAttribute('data-stream-id'))!;
}

/** Resolves once `page` shows the gift animation of a gift of `type` (start waiting before the payment). */
export function giftAnimationShown(page: Page, type: string): Promise<void> {
  return page
    .getByTestId('gift-animation')
    .and(page.locator(`[data-gift-type="${type}"]`))
    .waitFor({ timeout: 10_000 });
}
