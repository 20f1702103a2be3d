import type { ColorFilterId, EditorEffect, FaceFilterId } from '@myworld/schemas';
import type { Overlay } from './overlays.ts';

export interface EditorLook {
  readonly filter: ColorFilterId;
  readonly faceFilter: FaceFilterId;
  readonly overlays: readonly Overlay[];
}

/** Positions to 4 decimals: a tenth of a pixel on a 1000-pixel frame, without float noise. */
const round = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The effects list saved with the video (its shape: `effects` on the video's item): the colour filter and the face filter
 * when one is chosen (Original and None are no effect), then the overlays in the order they were
 * added, which is also the order they are drawn in.
 */
export function buildEffectsList({ filter, faceFilter, overlays }: EditorLook): EditorEffect[] {
  return [
    ...(filter !== 'original' ? [{ type: 'filter' as const, id: filter }] : []),
    ...(faceFilter !== 'none' ? [{ type: 'face-filter' as const, id: faceFilter }] : []),
    ...overlays.map((o) => ({ ...o, x: round(o.x), y: round(o.y) })),
  ];
}
