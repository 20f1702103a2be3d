import { describe, expect, it } from 'vitest';
import { RECOMMENDATION_REASONS } from '@myworld/schemas';
import { REASON_LABELS, reasonBadges } from './labels.ts';

describe('reason badges', () => {
  it('reads every reason in words', () => {
    expect(RECOMMENDATION_REASONS.map((r) => REASON_LABELS[r])).toEqual([
      'Trending',
      'Similar interests',
      'From people you follow',
      'Popular',
      'Picked for you',
    ]);
  });

  it('shows at most 3, each once, in the order given', () => {
    expect(reasonBadges([...RECOMMENDATION_REASONS])).toEqual([
      'Trending',
      'Similar interests',
      'From people you follow',
    ]);
    expect(reasonBadges(['personalized', 'personalized', 'trending'])).toEqual(['Picked for you', 'Trending']);
    expect(reasonBadges([])).toEqual([]);
  });
});
