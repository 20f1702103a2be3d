import {
  FONT_WEIGHTS,
  STICKER_DEFAULT_ROTATION,
  STICKER_DEFAULT_SIZE,
  TEXT_OVERLAY_DEFAULT_SIZE,
  TEXT_OVERLAY_MAX,
  EDITOR_MESSAGES,
  type StickerEffect,
  type TextEffect,
} from '@myworld/schemas';

/** A text or a sticker over the video: the effects list's own item shapes. */
export type Overlay = TextEffect | StickerEffect;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

export interface TextStyle {
  readonly fontSize: number;
  readonly color: string;
  readonly fontWeight: FontWeight;
}

/** The text tab's starting style: size 24, white, bold (readable over most videos). */
export const DEFAULT_TEXT_STYLE: TextStyle = {
  fontSize: TEXT_OVERLAY_DEFAULT_SIZE,
  color: '#ffffff',
  fontWeight: 'bold',
};

export type TextCheck = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/** A text overlay cannot be blank, nor longer than the server keeps. */
export function checkOverlayText(input: string): TextCheck {
  const text = input.trim();
  if (text.length === 0) return { ok: false, message: EDITOR_MESSAGES.textRequired };
  if (text.length > TEXT_OVERLAY_MAX)
    return { ok: false, message: `A text overlay is at most ${TEXT_OVERLAY_MAX} characters` };
  return { ok: true, text };
}

/**
 * Where new overlays go: the centre first, then around it, so several added in a row do not
 * cover each other (each is then dragged where it belongs).
 */
const SPOTS = [
  { x: 0.5, y: 0.4 },
  { x: 0.28, y: 0.22 },
  { x: 0.72, y: 0.22 },
  { x: 0.28, y: 0.6 },
  { x: 0.72, y: 0.6 },
  { x: 0.5, y: 0.78 },
] as const;

export function nextSpot(count: number): { x: number; y: number } {
  return { ...SPOTS[count % SPOTS.length]! };
}

export function newTextOverlay(id: string, text: string, style: TextStyle, count: number): TextEffect {
  return {
    type: 'text',
    id,
    text,
    ...nextSpot(count),
    fontSize: style.fontSize,
    color: style.color,
    fontWeight: style.fontWeight,
  };
}

export function newSticker(id: string, emoji: string, count: number): StickerEffect {
  return {
    type: 'sticker',
    id,
    emoji,
    ...nextSpot(count),
    size: STICKER_DEFAULT_SIZE,
    rotation: STICKER_DEFAULT_ROTATION,
  };
}

/** An overlay's size in pixels on the effects' 400-pixel reference frame. */
export function overlaySize(overlay: Overlay): number {
  return overlay.type === 'text' ? overlay.fontSize : overlay.size;
}
