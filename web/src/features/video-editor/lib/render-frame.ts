import { EFFECTS_REFERENCE_WIDTH, type FaceFilterId } from '@myworld/schemas';
import { drawFaceFilter } from './face-filter-art.ts';
import { faceAnchors, scaleLandmarks, type FaceLandmarks } from './face-anchors.ts';
import type { Overlay } from './overlays.ts';

/** What one frame of the edited video shows besides the picture itself. */
export interface Scene {
  readonly filterCss: string;
  readonly faceFilter: FaceFilterId;
  /** The last detected face, in the source's own pixels; null when no face is detected. */
  readonly face: FaceLandmarks | null;
  readonly overlays: readonly Overlay[];
}

const EMOJI_FONT = '"Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", sans-serif';

/**
 * Draws a frame onto the editor's canvas, which is also what gets recorded: the picture through the
 * colour filter, the face filter on the detected face (none without one), then the overlays in the
 * order they were added. `sourceWidth` is the picture's own width (the face is in its pixels).
 */
export function drawFrame(
  ctx: CanvasRenderingContext2D,
  source: CanvasImageSource,
  sourceWidth: number,
  scene: Scene,
  time: number,
): void {
  const { width, height } = ctx.canvas;
  ctx.save();
  ctx.filter = scene.filterCss;
  ctx.drawImage(source, 0, 0, width, height);
  ctx.restore();
  if (scene.face && scene.faceFilter !== 'none' && sourceWidth > 0) {
    drawFaceFilter(ctx, scene.faceFilter, faceAnchors(scaleLandmarks(scene.face, width / sourceWidth)), time);
  }
  const unit = width / EFFECTS_REFERENCE_WIDTH;
  for (const overlay of scene.overlays) drawOverlay(ctx, overlay, unit);
}

function drawOverlay(ctx: CanvasRenderingContext2D, overlay: Overlay, unit: number): void {
  const { width, height } = ctx.canvas;
  ctx.save();
  ctx.translate(overlay.x * width, overlay.y * height);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (overlay.type === 'sticker') {
    ctx.rotate((overlay.rotation * Math.PI) / 180);
    ctx.font = `${Math.round(overlay.size * unit)}px ${EMOJI_FONT}`;
    ctx.fillText(overlay.emoji, 0, 0);
  } else {
    const size = Math.round(overlay.fontSize * unit);
    ctx.font = `${overlay.fontWeight} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    // A dark edge keeps light text readable on a light picture, and the other way round.
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(2, size / 8);
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
    ctx.strokeText(overlay.text, 0, 0);
    ctx.fillStyle = overlay.color;
    ctx.fillText(overlay.text, 0, 0);
  }
  ctx.restore();
}

/** The canvas for a `width` x `height` picture: the same proportions, at most `max` pixels on its longer side. */
export function frameSize(width: number, height: number, max = 1280): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
