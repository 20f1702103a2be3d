import { describe, expect, it } from 'vitest';
import { editorEffects } from '@myworld/schemas';
import { buildEffectsList } from './effects-list.ts';
import { DEFAULT_TEXT_STYLE, newSticker, newTextOverlay } from './overlays.ts';

describe('the effects list saved with a video', () => {
  it('is empty for an untouched video (Original, no face filter, no overlays)', () => {
    expect(buildEffectsList({ filter: 'original', faceFilter: 'none', overlays: [] })).toEqual([]);
  });

  it('lists the colour filter, the face filter, then texts and stickers in the order added', () => {
    const text = { ...newTextOverlay('t1', 'Hello', DEFAULT_TEXT_STYLE, 0), x: 0.123456789 };
    const sticker = newSticker('s1', '👑', 1);
    const list = buildEffectsList({ filter: 'neon', faceFilter: 'bunny', overlays: [text, sticker] });
    expect(list).toEqual([
      { type: 'filter', id: 'neon' },
      { type: 'face-filter', id: 'bunny' },
      { type: 'text', id: 't1', text: 'Hello', x: 0.1235, y: 0.4, fontSize: 24, color: '#ffffff', fontWeight: 'bold' },
      { type: 'sticker', id: 's1', emoji: '👑', x: 0.28, y: 0.22, size: 48, rotation: 0 },
    ]);
  });

  it('is what the server accepts', () => {
    const list = buildEffectsList({
      filter: 'bw',
      faceFilter: 'mustache',
      overlays: [newSticker('s1', '💎', 0), newTextOverlay('t1', 'Hi', DEFAULT_TEXT_STYLE, 1)],
    });
    expect(editorEffects.parse(list)).toEqual(list);
  });
});
