/**
 * `npm run bench -- glass [--viewers 10] [--frames 150]`: a live stream's viewer join -> first frame
 * and glass-to-glass latency, in Chromium against the whole product. The bench drives browser
 * pages, so its body lives with the browser tests (e2e/glass-bench.ts), whose type-check has the
 * DOM types that code run in a page needs; a computed path keeps the server packages' type-check,
 * which has no DOM, from following it.
 */
const body = new URL('../e2e/glass-bench.ts', import.meta.url).href;

export async function run(args: string[]): Promise<void> {
  const { runGlassBench } = (await import(body)) as { runGlassBench(args: string[]): Promise<void> };
  await runGlassBench(args);
}
