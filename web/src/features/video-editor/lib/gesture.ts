/**
 * Telling a tap from a drag on an overlay: a pointer that never strays more than TAP_SLOP_PX from
 * where it went down is a tap (which removes the overlay); once it strays, the gesture is a drag
 * for good, even if it comes back.
 */
export const TAP_SLOP_PX = 8;

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Gesture {
  /** Where the pointer is now; true once the gesture is a drag. */
  move(to: Point): boolean;
  /** How the gesture ended. */
  end(): 'tap' | 'drag';
}

export function startGesture(from: Point, slop = TAP_SLOP_PX): Gesture {
  let dragging = false;
  return {
    move(to) {
      if (!dragging && Math.hypot(to.x - from.x, to.y - from.y) > slop) dragging = true;
      return dragging;
    },
    end: () => (dragging ? 'drag' : 'tap'),
  };
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/**
 * An overlay's new centre (fractions of the frame) after the pointer moved by (dx, dy) screen
 * pixels over a frame shown `width` x `height` pixels large; it stays on the frame.
 */
export function draggedTo(origin: Point, dx: number, dy: number, frame: { width: number; height: number }): Point {
  if (frame.width <= 0 || frame.height <= 0) return origin;
  return { x: clamp01(origin.x + dx / frame.width), y: clamp01(origin.y + dy / frame.height) };
}
