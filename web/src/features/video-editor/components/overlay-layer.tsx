import { useRef, type Dispatch, type RefObject } from 'react';
import { EFFECTS_REFERENCE_WIDTH } from '@myworld/schemas';
import type { LookAction } from '../lib/editor-look.ts';
import { draggedTo, startGesture, type Gesture, type Point } from '../lib/gesture.ts';
import { overlaySize, type Overlay } from '../lib/overlays.ts';

interface OverlayLayerProps {
  overlays: readonly Overlay[];
  /** The frame the overlays sit on (the canvas as shown). */
  frameRef: RefObject<HTMLDivElement | null>;
  dispatch: Dispatch<LookAction>;
  disabled: boolean;
}

interface Drag {
  readonly id: string;
  readonly gesture: Gesture;
  readonly from: Point;
  readonly origin: Point;
  readonly frame: { width: number; height: number };
}

const describe = (o: Overlay) => (o.type === 'text' ? `text "${o.text}"` : `sticker ${o.emoji}`);

/**
 * The handles of the texts and stickers, over the canvas that draws them: each is an invisible
 * button the size of its overlay. Dragging moves it; a tap (a press that does not travel) removes
 * it, and so do Delete and Enter for keyboard users.
 */
export function OverlayLayer({ overlays, frameRef, dispatch, disabled }: OverlayLayerProps) {
  const drag = useRef<Drag | null>(null);

  return (
    <div className="editor-overlays">
      {overlays.map((o) => (
        <button
          key={o.id}
          type="button"
          className={`editor-overlay editor-overlay--${o.type}`}
          style={{
            left: `${o.x * 100}%`,
            top: `${o.y * 100}%`,
            // Sizes are pixels on a 400-pixel-wide frame: 0.25cqw each on this frame (a size container).
            fontSize: `calc(${overlaySize(o)} * 100cqw / ${EFFECTS_REFERENCE_WIDTH})`,
            fontWeight: o.type === 'text' ? o.fontWeight : undefined,
            transform: `translate(-50%, -50%) rotate(${o.type === 'sticker' ? o.rotation : 0}deg)`,
          }}
          disabled={disabled}
          aria-label={`Remove ${describe(o)}`}
          title="Drag to move, tap to remove"
          data-testid={`overlay-${o.type}`}
          data-overlay-id={o.id}
          onPointerDown={(e) => {
            const frame = frameRef.current?.getBoundingClientRect();
            if (!frame) return;
            e.currentTarget.setPointerCapture(e.pointerId);
            const from = { x: e.clientX, y: e.clientY };
            drag.current = { id: o.id, gesture: startGesture(from), from, origin: { x: o.x, y: o.y }, frame };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (!d || d.id !== o.id || !d.gesture.move({ x: e.clientX, y: e.clientY })) return;
            dispatch({
              type: 'move',
              id: o.id,
              ...draggedTo(d.origin, e.clientX - d.from.x, e.clientY - d.from.y, d.frame),
            });
          }}
          onPointerUp={() => {
            const d = drag.current;
            drag.current = null;
            if (d?.id === o.id && d.gesture.end() === 'tap') dispatch({ type: 'remove', id: o.id });
          }}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onKeyDown={(e) => {
            if (e.key === 'Delete' || e.key === 'Backspace' || e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              dispatch({ type: 'remove', id: o.id });
            }
          }}
        >
          {o.type === 'text' ? o.text : o.emoji}
        </button>
      ))}
    </div>
  );
}
