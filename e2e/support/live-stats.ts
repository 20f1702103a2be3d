import type { Page } from 'playwright-core';

export type Stats = Record<string, unknown> & { type: string };

/** The page's WebRTC statistics (see web/src/features/live-streams/lib/stats-probe.ts). */
export function liveStats(page: Page, kind: 'broadcast' | 'viewing'): Promise<Stats[]> {
  return page.evaluate(
    (k) =>
      (window as unknown as { myworldLive?: { stats(k: string): Promise<unknown[]> } }).myworldLive?.stats(k) ??
      Promise.resolve([]),
    kind,
  ) as Promise<Stats[]>;
}

/** The receiver's inbound streams of `kind` (not mediasoup's bandwidth "probator" track). */
export const inboundOf = (stats: Stats[], kind: 'audio' | 'video') =>
  stats.filter((s) => s.type === 'inbound-rtp' && s.kind === kind && s.mid !== 'probator');

/** The page's inbound video streams as it receives them now. */
export async function inboundVideos(page: Page): Promise<Stats[]> {
  return inboundOf(await liveStats(page, 'viewing'), 'video');
}

/**
 * The inbound videos the page is decoding: with `windowMs` 0, those that decoded any frame; else
 * those whose decoded-frame count grew over that window (a closed track's count stands still).
 */
export async function decodingVideos(page: Page, windowMs: number): Promise<Stats[]> {
  const before = await inboundVideos(page);
  if (windowMs === 0) return before.filter((s) => Number(s.framesDecoded ?? 0) > 0);
  await page.waitForTimeout(windowMs);
  const after = await inboundVideos(page);
  return after.filter(
    (s) => Number(s.framesDecoded ?? 0) > Number(before.find((p) => p.id === s.id)?.framesDecoded ?? 0),
  );
}
