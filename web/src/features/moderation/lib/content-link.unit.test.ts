import { describe, expect, it } from 'vitest';
import { contentLink } from './content-link.ts';

describe("a reported item's page", () => {
  it('is the post, video, profile or stream page; comments, stories and messages have none', () => {
    expect(contentLink('text_post', 'p1')).toBe('/post/p1');
    expect(contentLink('video', 'v1')).toBe('/video/v1');
    expect(contentLink('user', 'u1')).toBe('/profile/u1');
    expect(contentLink('stream', 's1')).toBe('/stream/s1');
    for (const type of ['comment', 'story', 'message'] as const) expect(contentLink(type, 'x')).toBeNull();
  });
});
