import { describe, expect, it } from 'vitest';
import { hashtagTerm, postQueryText, startsWith } from './search-terms.ts';

describe('search terms', () => {
  it('every word of a query is required, the last one as a prefix; operators and quotes never reach to_tsquery', () => {
    expect(postQueryText('  sunset Bea ')).toBe('sunset & Bea:*');
    expect(postQueryText('!&|:*()\'"<->')).toBeNull();
    expect(postQueryText("don't stop")).toBe('don & t & stop:*');
    expect(postQueryText('a b c d e f g h i j')?.split(' & ')).toHaveLength(8);
  });

  it('a hashtag query keeps tag characters only, normalized', () => {
    expect(hashtagTerm('#Sunset')).toBe('sunset');
    expect(hashtagTerm('sun set')).toBe('sunset');
    expect(hashtagTerm('#!')).toBeNull();
  });

  it('a prefix pattern takes LIKE wildcards literally', () => {
    expect(startsWith('a_b%c\\')).toBe('a\\_b\\%c\\\\%');
  });
});
