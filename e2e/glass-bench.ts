import { startProduct } from '@myworld/testkit/browser';
import { percentile, row } from '../bench/stats.ts';
import { launchBrowser, newMobileContext } from './support/browser.ts';
import { newTestUser, signUpAndSignIn } from './support/accounts.ts';
import {
  joinTimings,
  readGlass,
  startGlassReader,
  useTimeCodedCamera,
  type JoinTimings,
} from './support/glass-to-glass.ts';
import { goLive } from './support/live-streams.ts';

/**
 * The body of `npm run bench -- glass [--viewers 10] [--frames 150]` (bench/glass.ts loads it): a live stream's true latency in Chromium,
 * against the whole product as `npm start` runs it (as the browser tests start it). One streamer
 * goes live with a camera that draws the time into each frame (e2e/support/glass-to-glass.ts);
 * then `--viewers` signed-in viewers, one after another, each in a fresh browser context, open
 * /live (the client's files cached, as for a returning viewer) and then the stream page. Per
 * viewer: navigation -> first frame shown (and each step of the join between), then
 * glass-to-glass over `--frames` frames (drawn on the streamer's canvas -> due on the viewer's
 * screen). Targets: join -> first frame under 500 ms, glass-to-glass p95 under 150 ms.
 */
export async function runGlassBench(args: string[]): Promise<void> {
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const viewers = option('viewers', 10);
  const frames = option('frames', 150);
  // As the browser tests' shared product (e2e/support/shared-product.ts) starts it.
  const product = await startProduct({ storage: true, env: { TRUST_PROXY: '127.0.0.1' } });
  const browser = await launchBrowser({ media: true });
  try {
    const signedIn = async (label: string) => {
      const context = await newMobileContext(browser, product.baseUrl);
      await signUpAndSignIn(context, product.baseUrl, newTestUser(label));
      return context;
    };
    const streamer = await signedIn('streamer');
    await useTimeCodedCamera(streamer);
    const streamerPage = await streamer.newPage();
    const streamId = await goLive(streamerPage, 'Glass bench');

    const joins: JoinTimings[] = [];
    const glass: number[] = [];
    const received: number[] = [];
    const p95s: number[] = [];
    let unreadable = 0;
    for (let n = 1; n <= viewers; n++) {
      const context = await signedIn('viewer');
      const page = await context.newPage();
      await page.goto('/live');
      await page.locator(`[data-stream-id="${streamId}"]`).waitFor({ timeout: 15_000 });
      await page.goto(`/stream/${streamId}`);
      const join = await joinTimings(page);
      await startGlassReader(page);
      const reading = await readGlass(page, streamerPage, frames);
      const ms = reading.samples.map((s) => s.glassMs);
      joins.push(join);
      glass.push(...ms);
      received.push(...reading.samples.flatMap((s) => (s.receivedMs === null ? [] : [s.receivedMs])));
      p95s.push(percentile(ms, 95));
      unreadable += reading.unreadable;
      console.log(
        `viewer ${n}: first frame ${join['first-frame']} ms; glass-to-glass p50 ${percentile(ms, 50)} ms, p95 ${percentile(ms, 95)} ms (${ms.length} frames)`,
      );
      await context.close();
    }

    console.log(`\nglass bench: ${viewers} viewers joining one after another, ${frames} frames each`);
    const firstFrames = joins.map((j) => j['first-frame']!);
    row(
      'join -> first frame p50 / p95',
      `${percentile(firstFrames, 50)} / ${percentile(firstFrames, 95)} ms`,
      '< 500 ms',
    );
    // Where the join's time goes: each step's median, in the order the steps happen.
    const steps = [...new Set(joins.flatMap((j) => Object.keys(j)))].map((step) => ({
      step,
      median: percentile(
        joins.flatMap((j) => (j[step] === undefined ? [] : [j[step]])),
        50,
      ),
    }));
    for (const { step, median } of steps.sort((a, b) => a.median - b.median)) row(`  ${step} (median)`, `${median} ms`);
    row('glass-to-glass p50 / p95', `${percentile(glass, 50)} / ${percentile(glass, 95)} ms`, 'p95 < 150 ms');
    row('  worst viewer p95', `${Math.max(...p95s)} ms`);
    row('drawn -> received p50 / p95', `${percentile(received, 50)} / ${percentile(received, 95)} ms`);
    row('frames read / unreadable', `${glass.length} / ${unreadable}`);
  } finally {
    await browser.close();
    await product.stop();
  }
}
