import { describe, expect, it } from 'vitest';
import { activeStreamsQuery, startLiveStreamBody, streamIdParam } from './http.ts';
import { LIVE_STREAM_MESSAGES } from './messages.ts';

describe('live stream contracts', () => {
  it('the setup form: title required after trimming, defaults general / no tags / duets allowed', () => {
    const blank = startLiveStreamBody.safeParse({ title: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error!.issues[0]).toMatchObject({ path: ['title'], message: LIVE_STREAM_MESSAGES.titleRequired });
    expect(startLiveStreamBody.safeParse({}).error!.issues[0]).toMatchObject({
      path: ['title'],
      message: LIVE_STREAM_MESSAGES.titleRequired,
    });
    expect(startLiveStreamBody.parse({ title: ' Jam ' })).toEqual({
      title: 'Jam',
      description: '',
      category: 'general',
      tags: [],
      allowDuets: true,
    });
    expect(startLiveStreamBody.safeParse({ title: 'x', category: 'sports' }).error!.issues[0]!.path).toEqual([
      'category',
    ]);
  });

  it('listings filter by a category or "all"; stream ids are UUIDs', () => {
    expect(activeStreamsQuery.parse({ category: 'music' })).toEqual({ category: 'music' });
    expect(activeStreamsQuery.safeParse({ category: 'sports' }).success).toBe(false);
    expect(streamIdParam.safeParse({ id: 'x' }).error!.issues[0]!.message).toBe('the stream id must be a UUID');
  });
});
