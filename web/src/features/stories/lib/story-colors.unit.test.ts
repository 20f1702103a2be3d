import { describe, expect, it } from 'vitest';
import { colorName } from '../../../components/ui/color-names.ts';
import { STORY_BACKGROUNDS } from './story-colors.ts';

describe('the story backgrounds', () => {
  it('each has a name of its own, which the swatch announces instead of its hex code', () => {
    const names = STORY_BACKGROUNDS.map(colorName);
    expect(names).not.toContain('Custom colour');
    expect(new Set(names).size).toBe(STORY_BACKGROUNDS.length);
    expect(colorName('#7C3AED')).toBe('Violet');
  });
});
