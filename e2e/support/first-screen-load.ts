import { writeFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/**
 * Chrome DevTools' "Slow 4G" preset (Lighthouse's mobile throttling as DevTools applies it):
 * 1.6 Mbit/s down and 750 kbit/s up at 90%, 150 ms RTT times 3.75 for request-level throttling.
 */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;

export interface FirstScreenLoad {
  /** Every script the page fetched before its first screen showed. */
  readonly jsFiles: readonly string[];
  /** Their bytes as the server sent them to this browser (brotli). */
  readonly servedJsBytes: number;
  /** Their bytes gzipped, as the server sends them to a client without brotli. */
  readonly gzipJsBytes: number;
  /** Largest Contentful Paint, from navigation start. */
  readonly lcpMs: number;
  /** When each same-origin request of the load started (ms from navigation start), by path and query. */
  readonly requestStarts: Readonly<Record<string, number>>;
}

/**
 * Opens `path` with an empty cache on Slow 4G and a 4x slower CPU, waits for `firstScreen`, and
 * reports the JavaScript it took and its Largest Contentful Paint. Throttling stays on the page.
 */
export async function firstScreenLoad(page: Page, path: string, firstScreen: Locator): Promise<FirstScreenLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __lcpElement: string };
    w.__lcp = 0;
    w.__lcpElement = '';
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__lcp = entry.startTime;
        const element = (entry as PerformanceEntry & { element: Element | null }).element;
        w.__lcpElement = element ? `<${element.tagName.toLowerCase()} class="${element.className}">` : '(removed)';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });

  // FIRST_SCREEN_PROFILE=/tmp/name writes the load's CPU profile to /tmp/name-{time}.cpuprofile (DevTools opens it).
  const profileTo = process.env.FIRST_SCREEN_PROFILE;
  if (profileTo) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  await page.goto(path);
  await firstScreen.waitFor({ timeout: 60_000 });
  if (profileTo) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`${profileTo}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
  }
  // The paint that showed it is reported on the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const { resources, lcpMs, lcpElement } = await page.evaluate(() => ({
    resources: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .filter((e): e is PerformanceResourceTiming => e instanceof PerformanceResourceTiming)
      .filter((e) => e.name.startsWith(location.origin))
      .map((e) => ({
        url: e.name,
        path: e.name.slice(location.origin.length),
        served: e.encodedBodySize,
        start: e.startTime,
        end: e.responseEnd,
      })),
    lcpMs: (window as unknown as { __lcp: number }).__lcp,
    lcpElement: (window as unknown as { __lcpElement: string }).__lcpElement,
  }));
  if (process.env.FIRST_SCREEN_TRACE)
    for (const r of resources)
      console.log(`[first screen] ${r.path}: ${r.start.toFixed(0)}-${r.end.toFixed(0)} ms, ${r.served} bytes`);
  if (process.env.FIRST_SCREEN_TRACE) console.log(`[first screen] LCP ${lcpMs.toFixed(0)} ms: ${lcpElement}`);
  const scripts = resources.filter((r) => new URL(r.url).pathname.endsWith('.js'));
  let gzipJsBytes = 0;
  for (const { url } of scripts) {
    const res = await page.context().request.head(url, { headers: { 'accept-encoding': 'gzip' } });
    gzipJsBytes += Number(res.headers()['content-length']);
  }
  return {
    jsFiles: scripts.map((s) => s.url),
    servedJsBytes: scripts.reduce((sum, s) => sum + s.served, 0),
    gzipJsBytes,
    lcpMs,
    requestStarts: Object.fromEntries(resources.map((r) => [r.path, r.start])),
  };
}
