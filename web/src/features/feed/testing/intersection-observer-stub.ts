import { vi } from 'vitest';
import { act } from '@testing-library/react';

/**
 * Replaces IntersectionObserver with one the test drives: `show(el)` reports `el` fully on screen
 * and every other observed element off screen, as scrolling one snapped item into view would.
 */
export function stubIntersectionObserver() {
  const observers: StubObserver[] = [];

  class StubObserver {
    readonly elements = new Set<Element>();
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds: number[] = [];
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(el: Element) {
      this.elements.add(el);
    }
    unobserve(el: Element) {
      this.elements.delete(el);
    }
    disconnect() {
      this.elements.clear();
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', StubObserver);

  return {
    show(el: Element) {
      for (const o of observers) {
        if (!o.elements.has(el)) continue;
        const entries = [...o.elements].map((target) => {
          const shown = target === el;
          return {
            target,
            isIntersecting: shown,
            intersectionRatio: shown ? 1 : 0,
          } as unknown as IntersectionObserverEntry;
        });
        act(() => o.callback(entries, o as unknown as IntersectionObserver));
      }
    },
  };
}
