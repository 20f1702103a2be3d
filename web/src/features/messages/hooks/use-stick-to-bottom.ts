import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps a scrolling list of messages at its newest one when a new one arrives, and where the
 * reader was when earlier ones are added above (so "load earlier" does not jump).
 */
export function useStickToBottom(
  ref: RefObject<HTMLElement | null>,
  firstId: string | undefined,
  lastId: string | undefined,
): void {
  const seen = useRef({ firstId: undefined as string | undefined, lastId: undefined as string | undefined, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = seen.current;
    if (lastId !== before.lastId) el.scrollTop = el.scrollHeight;
    else if (firstId !== before.firstId) el.scrollTop += el.scrollHeight - before.height;
    seen.current = { firstId, lastId, height: el.scrollHeight };
  }, [ref, firstId, lastId]);
}
