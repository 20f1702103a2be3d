import { describe, expect, it } from 'vitest';
import { extractHashtags, hashtagName, normalizeHashtag } from './rules.ts';

describe('hashtags in text', () => {
  it('finds each #tag once, lower-cased and without #, in order of first use', () => {
    expect(extractHashtags('Golden hour #Sunset at the #beach, again #sunset!')).toEqual(['sunset', 'beach']);
    expect(extractHashtags('#start middle #end')).toEqual(['start', 'end']);
  });

  it('takes letters, digits and underscores of any script, up to 50', () => {
    expect(extractHashtags('#café #東京 #road_trip_2024')).toEqual(['café', '東京', 'road_trip_2024']);
    expect(extractHashtags(`#${'a'.repeat(50)}`)).toEqual(['a'.repeat(50)]);
    expect(extractHashtags(`#${'a'.repeat(51)}`)).toEqual([]);
  });

  it('ignores what is not a tag: a bare #, ##, an anchor inside a word or URL, an HTML entity', () => {
    expect(extractHashtags('# alone, ##double, mail#tag, https://x.test/page#section, &#39;')).toEqual([]);
  });

  it('one spelling per tag: NFC and lower case, so composed and decomposed accents are the same tag', () => {
    expect(normalizeHashtag('Cafe\u0301')).toBe(normalizeHashtag('CAFÉ'));
    expect(extractHashtags('#Cafe\u0301 #café')).toEqual(['café']);
  });

  it('a tag parameter may carry its # and is normalized; anything else is refused', () => {
    expect(hashtagName.parse('#Sunset')).toBe('sunset');
    expect(hashtagName.safeParse('two words').success).toBe(false);
    expect(hashtagName.safeParse('').success).toBe(false);
  });
});
