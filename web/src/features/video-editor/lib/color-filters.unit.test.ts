import { describe, expect, it } from 'vitest';
import { colorFilterCss, colorFilters } from './color-filters.ts';

describe('colour filters', () => {
  it("are the ten, in the editor's order and words", () => {
    expect(colorFilters.map((f) => f.label)).toEqual([
      'Original',
      'Vintage',
      'B&W',
      'Warm',
      'Cool',
      'Bright',
      'Dramatic',
      'Dreamy',
      'Neon',
      'Retro',
    ]);
  });

  it('leave the picture alone for Original and change it with a valid CSS filter for every other', () => {
    expect(colorFilterCss('original')).toBe('none');
    const functions =
      /^(?:(?:sepia|grayscale|contrast|saturate|brightness|blur|hue-rotate|invert)\(-?[\d.]+(?:deg|px)?\)\s*)+$/;
    for (const filter of colorFilters.filter((f) => f.id !== 'original')) expect(filter.css).toMatch(functions);
    expect(new Set(colorFilters.map((f) => f.css)).size).toBe(10);
  });

  it('B&W removes colour', () => {
    expect(colorFilterCss('bw')).toContain('grayscale(1)');
  });
});
