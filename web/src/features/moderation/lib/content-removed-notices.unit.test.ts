import { describe, expect, it } from 'vitest';
import { contentRemovedNotice } from './content-removed-notices.ts';

describe('content removed notice', () => {
  it("names what was removed and gives the moderator's note", () => {
    expect(
      contentRemovedNotice({
        type: 'content_removed',
        contentType: 'video',
        contentId: 'p1',
        note: 'Content removed for policy violation',
      }),
    ).toEqual({
      title: 'Your video was removed',
      description: 'Content removed for policy violation',
      variant: 'destructive',
    });
    expect(
      contentRemovedNotice({ type: 'content_removed', contentType: 'comment', contentId: 'c1', note: 'Harassment' })
        .title,
    ).toBe('Your comment was removed');
  });
});
