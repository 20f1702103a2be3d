import type { Page } from 'playwright-core';

/** A server message the page's /ws socket received, as sent (JSON). */
export interface SocketFrame {
  type: string;
  [key: string]: unknown;
}

export interface SocketFrames {
  /** Every message received so far on the page's /ws sockets (across reloads and reopens), oldest first. */
  readonly all: readonly SocketFrame[];
  /**
   * The first message after index `since` (a former `all.length`) that `matches`, waiting up to
   * `timeoutMs` for it.
   */
  waitFor(
    matches: (frame: SocketFrame) => boolean,
    options?: { since?: number; timeoutMs?: number },
  ): Promise<SocketFrame>;
}

/**
 * Records what the server pushes to the page over /ws (the user socket the signed-in pages keep
 * open), so a test can tell a push from a poll or a reload. Call before the page loads.
 */
export function recordUserSocket(page: Page): SocketFrames {
  const all: SocketFrame[] = [];
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname !== '/ws') return;
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      try {
        const frame = JSON.parse(payload) as SocketFrame;
        if (frame && typeof frame.type === 'string') all.push(frame);
      } catch {
        /* not JSON: not one of the product's messages */
      }
    });
  });
  return {
    all,
    async waitFor(matches, { since = 0, timeoutMs = 10_000 } = {}) {
      for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 50))) {
        const found = all.slice(since).find(matches);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no matching /ws message within ${timeoutMs} ms; received: ${JSON.stringify(all.slice(since)).slice(0, 1000)}`,
          );
      }
    },
  };
}
