import { describe, expect, it } from 'vitest';
import { initialLook, lookReducer } from './editor-look.ts';
import { DEFAULT_TEXT_STYLE } from './overlays.ts';

describe("the editor's look", () => {
  const withTwo = [
    { type: 'add-sticker', id: 's1', emoji: '⭐' },
    { type: 'add-text', id: 't1', text: 'Hi', style: DEFAULT_TEXT_STYLE },
  ] as const;
  const look = withTwo.reduce(lookReducer, initialLook);

  it('starts with no effect', () => {
    expect(initialLook).toEqual({ filter: 'original', faceFilter: 'none', overlays: [] });
  });

  it('adds overlays in order, moves one, and removes the one tapped', () => {
    expect(look.overlays.map((o) => o.id)).toEqual(['s1', 't1']);
    const moved = lookReducer(look, { type: 'move', id: 't1', x: 0.2, y: 0.9 });
    expect(moved.overlays[1]).toMatchObject({ id: 't1', x: 0.2, y: 0.9 });
    expect(moved.overlays[0]).toEqual(look.overlays[0]);
    expect(lookReducer(moved, { type: 'remove', id: 's1' }).overlays.map((o) => o.id)).toEqual(['t1']);
  });

  it('keeps one colour filter and one face filter, the latest chosen', () => {
    const chosen = [
      { type: 'filter', id: 'warm' },
      { type: 'filter', id: 'retro' },
      { type: 'face-filter', id: 'beard' },
    ] as const;
    expect(chosen.reduce(lookReducer, look)).toMatchObject({ filter: 'retro', faceFilter: 'beard' });
  });
});
