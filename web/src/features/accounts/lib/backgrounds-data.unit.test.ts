import { describe, expect, it } from 'vitest';
import { isHexColor, isSafeGradient } from '@myworld/schemas';
import { PHOTO_BACKGROUNDS, PHOTO_CATEGORIES } from './photo-backgrounds.ts';
import { PRESET_GRADIENTS } from './preset-gradients.ts';

describe('built-in photo backgrounds', () => {
  it('are 42 gradients the server accepts, in the eight categories', () => {
    expect(PHOTO_BACKGROUNDS).toHaveLength(42);
    for (const bg of PHOTO_BACKGROUNDS) {
      expect(bg.type).toBe('gradient');
      expect(isSafeGradient(bg.url), `${bg.name}: ${bg.url}`).toBe(true);
      expect(isSafeGradient(bg.thumb), `${bg.name} thumb`).toBe(true);
      expect(PHOTO_CATEGORIES).toContain(bg.category);
    }
    expect(PHOTO_CATEGORIES).toEqual(['Nature', 'Wood', 'Candy', 'Galaxy', 'Marble', 'Concrete', 'Urban', 'Abstract']);
  });

  it('give every category swatches and every swatch its own name', () => {
    for (const category of PHOTO_CATEGORIES)
      expect(PHOTO_BACKGROUNDS.filter((bg) => bg.category === category).length, category).toBeGreaterThan(0);
    expect(new Set(PHOTO_BACKGROUNDS.map((bg) => bg.name)).size).toBe(42);
  });
});

describe('preset gradients', () => {
  it('are 14 safe gradients, each with a hex colour to set', () => {
    expect(PRESET_GRADIENTS).toHaveLength(14);
    for (const preset of PRESET_GRADIENTS) {
      expect(isSafeGradient(preset.gradient), `${preset.name}: ${preset.gradient}`).toBe(true);
      expect(isHexColor(preset.preview), preset.name).toBe(true);
    }
    expect(new Set(PRESET_GRADIENTS.map((p) => p.name)).size).toBe(14);
  });
});
