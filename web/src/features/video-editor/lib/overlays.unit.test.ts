import { describe, expect, it } from 'vitest';
import { checkOverlayText, DEFAULT_TEXT_STYLE, newSticker, newTextOverlay } from './overlays.ts';

describe('text overlays', () => {
  it('cannot be blank: empty or only spaces is refused with a reason', () => {
    expect(checkOverlayText('')).toEqual({ ok: false, message: 'Enter some text to add' });
    expect(checkOverlayText('   \n\t')).toMatchObject({ ok: false });
  });

  it('keep the trimmed text, and refuse more than 100 characters', () => {
    expect(checkOverlayText('  Hello world  ')).toEqual({ ok: true, text: 'Hello world' });
    expect(checkOverlayText('x'.repeat(100))).toMatchObject({ ok: true });
    expect(checkOverlayText('x'.repeat(101))).toMatchObject({ ok: false });
  });

  it('start at size 24 with a colour and a weight, near the centre', () => {
    const text = newTextOverlay('t1', 'Hi', DEFAULT_TEXT_STYLE, 0);
    expect(text).toEqual({
      type: 'text',
      id: 't1',
      text: 'Hi',
      x: 0.5,
      y: 0.4,
      fontSize: 24,
      color: '#ffffff',
      fontWeight: 'bold',
    });
  });

  it('added one after another do not land on the same spot', () => {
    const spots = [0, 1, 2]
      .map((n) => newTextOverlay(`t${n}`, 'Hi', DEFAULT_TEXT_STYLE, n))
      .map(({ x, y }) => `${x},${y}`);
    expect(new Set(spots).size).toBe(3);
  });
});

describe('stickers', () => {
  it('start at size 48 and rotation 0 (the defaults)', () => {
    expect(newSticker('s1', '🔥', 0)).toEqual({
      type: 'sticker',
      id: 's1',
      emoji: '🔥',
      x: 0.5,
      y: 0.4,
      size: 48,
      rotation: 0,
    });
  });
});
