import type { ColorFilterId, FaceFilterId } from '@myworld/schemas';
import type { EditorLook } from './effects-list.ts';
import { newSticker, newTextOverlay, type Overlay, type TextStyle } from './overlays.ts';

/** What the editor's tabs change: the colour filter, the face filter and the overlays. */
export type LookAction =
  | { readonly type: 'filter'; readonly id: ColorFilterId }
  | { readonly type: 'face-filter'; readonly id: FaceFilterId }
  | { readonly type: 'add-text'; readonly id: string; readonly text: string; readonly style: TextStyle }
  | { readonly type: 'add-sticker'; readonly id: string; readonly emoji: string }
  | { readonly type: 'move'; readonly id: string; readonly x: number; readonly y: number }
  | { readonly type: 'remove'; readonly id: string };

export const initialLook: EditorLook = { filter: 'original', faceFilter: 'none', overlays: [] };

export function lookReducer(look: EditorLook, action: LookAction): EditorLook {
  switch (action.type) {
    case 'filter':
      return { ...look, filter: action.id };
    case 'face-filter':
      return { ...look, faceFilter: action.id };
    case 'add-text':
      return {
        ...look,
        overlays: [...look.overlays, newTextOverlay(action.id, action.text, action.style, look.overlays.length)],
      };
    case 'add-sticker':
      return { ...look, overlays: [...look.overlays, newSticker(action.id, action.emoji, look.overlays.length)] };
    case 'move':
      return {
        ...look,
        overlays: look.overlays.map((o): Overlay => (o.id === action.id ? { ...o, x: action.x, y: action.y } : o)),
      };
    case 'remove':
      return { ...look, overlays: look.overlays.filter((o) => o.id !== action.id) };
  }
}
