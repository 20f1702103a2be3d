import { useCallback, useEffect, useRef, useState } from 'react';

/** The share of an item that must be on screen for it to be the active (snapped) one. */
export const ACTIVE_VISIBLE_RATIO = 0.6;

/**
 * Which item of a snapping list is on screen: the last one seen at least 60% inside `root`
 * (items fill the list, so at most one is at a time). Items register with `observe` as a ref
 * and carry their id in `data-post-id`. Null until the first report.
 */
export function useActiveItem(root: HTMLElement | null) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const observer = useRef<IntersectionObserver | null>(null);
  const items = useRef(new Set<HTMLElement>());

  useEffect(() => {
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.postId;
          if (id && entry.isIntersecting && entry.intersectionRatio >= ACTIVE_VISIBLE_RATIO) setActiveId(id);
        }
      },
      { root, threshold: ACTIVE_VISIBLE_RATIO },
    );
    observer.current = io;
    items.current.forEach((el) => io.observe(el));
    return () => {
      io.disconnect();
      observer.current = null;
    };
  }, [root]);

  // Items mount before the effect above runs, so they are remembered and observed once it does.
  const observe = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    items.current.add(el);
    observer.current?.observe(el);
    return () => {
      items.current.delete(el);
      observer.current?.unobserve(el);
    };
  }, []);

  return { activeId, observe };
}
