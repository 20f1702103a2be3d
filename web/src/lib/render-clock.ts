import { RENDERED_AT_META_NAME } from '@myworld/schemas';
import { useHydrated } from './use-hydrated.ts';

/** The server's render time while it renders (entry-server.tsx renders one page at a time). */
let serverNow: Date | null = null;

/** The server's render: relative times are counted from `now` (the time the page will carry). */
export function renderingAt(now: Date | null): void {
  serverNow = now;
}

function renderedAt(): Date {
  if (serverNow) return serverNow;
  const content =
    typeof document === 'undefined' ? null : document.querySelector(`meta[name="${RENDERED_AT_META_NAME}"]`);
  const time = content ? Date.parse(content.getAttribute('content') ?? '') : NaN;
  return Number.isNaN(time) ? new Date() : new Date(time);
}

/**
 * "Now" for what a render words relative to it ("5 minutes ago"): the server's render time in the
 * server's render and in the client's render that hydrates it (so both write the same words),
 * this moment's from then on (the next render updates the words).
 */
export function useRenderClock(): Date {
  const hydrated = useHydrated();
  return hydrated ? new Date() : renderedAt();
}
