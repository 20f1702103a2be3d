import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_POST_BACKGROUND, DEFAULT_TEXT_POST_TEXT_COLOR, isHexColor } from '@myworld/schemas';
import { colorName } from '../../../components/ui/color-names.ts';
import { BACKGROUND_COLORS, TEXT_COLORS } from './palettes.ts';

describe('the composer palettes', () => {
  it.each([
    ['background', BACKGROUND_COLORS, DEFAULT_TEXT_POST_BACKGROUND],
    ['text', TEXT_COLORS, DEFAULT_TEXT_POST_TEXT_COLOR],
  ] as const)(
    'the %s palette has 24 distinct lower-case hex colours, the default first',
    (_name, palette, fallback) => {
      expect(palette).toHaveLength(24);
      expect(new Set(palette).size).toBe(24);
      for (const hex of palette) {
        expect(isHexColor(hex)).toBe(true);
        expect(hex).toMatch(/^#[0-9a-f]{6}$/);
      }
      expect(palette[0]).toBe(fallback);
    },
  );

  it.each([
    ['background', BACKGROUND_COLORS],
    ['text', TEXT_COLORS],
  ] as const)('every colour of the %s palette has a name of its own (what a screen reader says)', (_name, palette) => {
    const names = palette.map(colorName);
    expect(names).not.toContain('Custom colour');
    expect(new Set(names).size).toBe(palette.length);
  });
});
