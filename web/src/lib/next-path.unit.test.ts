import { describe, expect, it } from 'vitest';
import { nextPathFrom, signInThenReturnTo } from './next-path.ts';

describe('the path after signing in', () => {
  it('returns to the page that asked, with its query', () => {
    expect(nextPathFrom(new URL(signInThenReturnTo('/messages?with=u2'), 'http://x').search)).toBe('/messages?with=u2');
    expect(signInThenReturnTo('/analytics')).toBe('/login?next=%2Fanalytics');
  });

  it('goes home without a next, or with one that would leave the site', () => {
    for (const search of [
      '',
      '?next=',
      '?next=https://evil.example',
      '?next=//evil.example',
      '?next=/\\evil.example',
      '?next=javascript:alert(1)',
    ])
      expect(nextPathFrom(search), search).toBe('/');
  });
});
