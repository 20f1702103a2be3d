import { describe, expect, it } from 'vitest';
import { MODERATION_TEXTS } from './moderation-texts.ts';

describe('moderation texts', () => {
  it('counts filed reports in words that agree with the number', () => {
    expect(MODERATION_TEXTS.filedTotal(1)).toBe('1 report filed');
    expect(MODERATION_TEXTS.filedTotal(0)).toBe('0 reports filed');
    expect(MODERATION_TEXTS.filedTotal(1200)).toBe('1,200 reports filed');
  });
});
