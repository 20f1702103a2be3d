import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSession } from './support/browser-session.ts';
import { screenshot as saveScreenshot } from './support/browser.ts';
import type { TestUser } from './support/accounts.ts';

interface Person {
  context: BrowserContext;
  page: Page;
  user: TestUser;
}

/**
 * Moderators and creators in the browser, against the whole product: a viewer reports a creator's
 * post from its "…" menu; a moderator, made one with `npm run admin`, removes it from the queue and
 * reads the report's timeline while the author is told; the creator opens their analytics and
 * sees the charts of the views and likes their other post got.
 */
describe('moderation and creator analytics in the browser', () => {
  const session = browserSession();

  // A phone's user agent: headless Chromium's own names it a bot, which analytics would count as a device called "bot".
  const PHONE =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
  const signedIn = (label: string, timezoneId?: string): Promise<Person> =>
    session.signedIn(label, { userAgent: PHONE, ...(timezoneId ? { timezoneId } : {}) });
  /** UTC+14 most of the day on another date than UTC: the creator's chart must follow its own calendar. */
  const CREATOR_ZONE = 'Pacific/Kiritimati';

  async function screenshot(page: Page, name: string): Promise<void> {
    await page.waitForTimeout(400);
    await saveScreenshot(page, name);
  }

  const api = (p: Person) => ({
    post: async (path: string, data: unknown) => {
      const r = await p.context.request.post(`${session.product.baseUrl}${path}`, {
        headers: { origin: session.product.baseUrl },
        data,
      });
      expect(r.status(), await r.text()).toBeLessThan(300);
      return r.json();
    },
  });

  /** The documented way to make staff: `npm run admin -- grant <role> <username>` against the product's database. */
  async function grant(role: string, username: string): Promise<void> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', 'grant', role, username],
      {
        env: { ...process.env, DATABASE_URL: session.product.databaseUrl },
      },
    );
    expect(stdout).toContain(username);
  }

  it('a viewer reports a post, a moderator removes it and reads the timeline, the author is told; the creator opens analytics with charts', async () => {
    const [creator, viewer, moderator] = await Promise.all([
      signedIn('creator', CREATOR_ZONE),
      signedIn('viewer'),
      signedIn('moderator'),
    ]);
    const kept = (await api(creator).post('/api/text-posts', { content: 'Morning run by the river' })).post
      .id as string;
    const reported = (await api(creator).post('/api/text-posts', { content: 'Buy followers cheap, DM me' })).post
      .id as string;

    // The viewer watches and likes the kept post (the creator's analytics count both).
    await viewer.page.goto(`/post/${kept}`);
    await viewer.page.getByTestId('post-detail').or(viewer.page.getByTestId('feed-item')).first().waitFor();
    await api(viewer).post(`/api/posts/${kept}/like`, {});

    // ... and reports the other one from its "…" menu.
    await viewer.page.goto(`/post/${reported}`);
    await viewer.page.getByTestId('more-button').first().click();
    await viewer.page.getByTestId('report-menu-item').click();
    const dialog = viewer.page.getByTestId('report-dialog');
    await dialog.getByTestId('report-form-reason-spam').check();
    // Reasons are cards to tap, the chosen one in the brand's violet, not bare radios.
    const chosen = dialog.getByTestId('report-form-reason-spam').locator('xpath=..');
    // (polled: the border eases into its colour)
    await expect.poll(() => chosen.evaluate((e) => getComputedStyle(e).borderColor)).toBe('rgb(124, 58, 237)');
    expect(await chosen.evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThanOrEqual(44);
    await dialog.getByTestId('report-form-description').fill('Selling followers');
    await screenshot(viewer.page, 'moderation-report-form');
    await dialog.getByTestId('report-form-submit').click();
    await viewer.page.getByRole('status').filter({ hasText: 'Report sent' }).waitFor();

    // Staff roles come from the admin CLI; before it, the queue is refused.
    await moderator.page.goto('/content-moderation');
    await moderator.page.getByTestId('moderation-denied').waitFor();
    await grant('moderator', moderator.user.username);
    // The role reaches the API through the roles read model (and a 2 s cache): reload until it has.
    const card = moderator.page.locator('[data-testid^="report-"]').filter({ hasText: 'Selling followers' }).first();
    await expect
      .poll(
        async () => {
          await moderator.page.reload();
          await moderator.page.getByTestId('moderation-denied').or(card).first().waitFor();
          return card.isVisible();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    await screenshot(moderator.page, 'moderation-queue');
    // The card links to the reported post, not a raw id.
    expect(await card.getByTestId('report-content-link').getAttribute('href')).toBe(`/post/${reported}`);

    // The author waits on their home page, where the removal notice arrives.
    await creator.page.goto('/');
    await creator.page.getByTestId('bottom-nav').waitFor();

    // Under review first: a report being reviewed can still be resolved from the page.
    await card.getByRole('button', { name: 'Review' }).click();
    await expect
      .poll(async () => card.getByTestId('report-status').textContent(), { timeout: 10_000 })
      .toBe('reviewing');
    expect(await card.getByRole('button', { name: 'Review' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Remove Content' }).click();
    await moderator.page.getByRole('status').filter({ hasText: 'Action completed' }).last().waitFor();
    await expect
      .poll(async () => card.getByTestId('report-note').textContent(), { timeout: 10_000 })
      .toBe('Content removed for policy violation');
    await creator.page.getByRole('status').filter({ hasText: 'Your post was removed' }).waitFor({ timeout: 15_000 });
    await screenshot(creator.page, 'moderation-author-told');

    await card.getByTestId('report-open-timeline').click();
    const drawer = moderator.page.getByTestId('timeline-drawer');
    await drawer.getByTestId('timeline-entry').first().waitFor();
    const actions = await drawer.getByTestId('timeline-action').allTextContents();
    expect(actions).toEqual(
      expect.arrayContaining(['Reported for spam', 'Resolved: content removed', 'Content removed']),
    );
    expect(actions.indexOf('Reported for spam')).toBeLessThan(actions.indexOf('Resolved: content removed'));
    await screenshot(moderator.page, 'moderation-timeline');

    // The moderation analytics: every reason's name is whole inside its chart (none cut at an edge).
    await moderator.page.keyboard.press('Escape');
    await moderator.page.getByTestId('moderation-tab-analytics').click();
    const byReason = moderator.page.getByTestId('stats-by-reason');
    await expect.poll(() => byReason.locator('svg .recharts-yAxis-tick-labels text').count()).toBe(8);
    const cut = await byReason.evaluate((figure) => {
      const box = figure.querySelector('svg')!.getBoundingClientRect(); // what the chart draws is clipped to it
      return [...figure.querySelectorAll('svg .recharts-cartesian-axis-tick-labels text')]
        .filter((t) => {
          const r = t.getBoundingClientRect();
          return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5);
        })
        .map((t) => t.textContent);
    });
    expect(cut).toEqual([]);
    await screenshot(moderator.page, 'moderation-analytics');

    // The removed post is gone for everyone.
    const gone = await viewer.context.request.get(`${session.product.baseUrl}/api/posts/${reported}`);
    expect(gone.status()).toBe(404);

    // The creator's analytics: the figures and the charts.
    await creator.page.goto('/analytics');
    const report = creator.page.getByTestId('analytics-report');
    await report.waitFor();
    await expect
      .poll(async () => creator.page.getByTestId('views-chart').locator('svg').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect.poll(async () => creator.page.getByTestId('industry-average').textContent()).toContain('3.2%');
    // A new creator's views have no previous week to compare with: "New", not a made-up "↑ 100%".
    expect(await creator.page.getByTestId('metric-views-change').textContent()).toBe('New');
    // The chart's days are the creator's own: today's view is under today's date in their zone.
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: CREATOR_ZONE });
    const rows = await creator.page
      .getByTestId('views-chart-table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(rows).toHaveLength(7);
    // Every view so far is today's, in the last point under today's date.
    expect(rows.at(-1)).toEqual([today, await creator.page.getByTestId('metric-views-value').textContent()]);
    expect(rows.at(-1)![1]).not.toBe('0');
    expect(rows.slice(0, -1).every(([, views]) => views === '0')).toBe(true);
    await creator.page.waitForTimeout(1_500); // the chart's entry animation
    await screenshot(creator.page, 'analytics-overview');
    await creator.page.getByRole('tab', { name: 'Top Content' }).click();
    await creator.page.getByTestId(`top-content-${kept}`).waitFor();
    expect(await creator.page.getByTestId(`top-content-${reported}`).count()).toBe(0);
    await creator.page.getByRole('tab', { name: 'Audience' }).click();
    await expect
      .poll(async () => creator.page.getByTestId('devices-chart').locator('svg').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await screenshot(creator.page, 'analytics-audience');
  });
});
