import { describe, expect, it } from 'vitest';
import { draggedTo, startGesture } from './gesture.ts';

describe('tap or drag', () => {
  it('a pointer that stays put, or wobbles within 8 px, is a tap', () => {
    expect(startGesture({ x: 100, y: 100 }).end()).toBe('tap');
    const wobble = startGesture({ x: 100, y: 100 });
    expect(wobble.move({ x: 105, y: 104 })).toBe(false);
    expect(wobble.end()).toBe('tap');
  });

  it('a pointer that goes further is a drag, even if it comes back to where it started', () => {
    const gesture = startGesture({ x: 100, y: 100 });
    expect(gesture.move({ x: 120, y: 100 })).toBe(true);
    gesture.move({ x: 100, y: 100 });
    expect(gesture.end()).toBe('drag');
  });
});

describe('dragging an overlay', () => {
  const frame = { width: 400, height: 300 };

  it("moves its centre by the pointer's movement as a fraction of the frame", () => {
    expect(draggedTo({ x: 0.5, y: 0.5 }, 100, -30, frame)).toEqual({ x: 0.75, y: 0.4 });
  });

  it('keeps it on the frame', () => {
    expect(draggedTo({ x: 0.9, y: 0.1 }, 400, -300, frame)).toEqual({ x: 1, y: 0 });
  });
});
