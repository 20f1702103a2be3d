import { describe, expect, it } from 'vitest';
import type { LiveStreamEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { liveStreamDecider, type LiveStreamCommand } from './live-stream.decider.ts';

const STREAM = '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01';
const OWNER = 'owner-1';
const now = new Date('2025-08-17T10:00:00.000Z');
const at = now.toISOString();

const started: LiveStreamEvent = {
  type: 'LiveStreamStarted',
  data: {
    streamId: STREAM,
    userId: OWNER,
    title: 'Morning jam',
    description: 'Chill',
    category: 'music',
    tags: ['lofi'],
    allowDuets: true,
    startedAt: at,
  },
};
const ended: LiveStreamEvent = {
  type: 'LiveStreamEnded',
  data: { streamId: STREAM, endedBy: OWNER, reason: 'owner', endedAt: at },
};
const joined = (viewerId: string, userId: string | null = null): LiveStreamEvent => ({
  type: 'LiveStreamViewerJoined',
  data: { streamId: STREAM, viewerId, userId, joinedAt: at },
});

const spec = deciderSpec(liveStreamDecider);

const start = (
  overrides: Partial<Extract<LiveStreamCommand, { type: 'StartLiveStream' }>> = {},
): LiveStreamCommand => ({
  type: 'StartLiveStream',
  streamId: STREAM,
  userId: OWNER,
  title: '  Morning jam ',
  description: ' Chill ',
  category: 'music',
  tags: ['lofi', ' lofi', ''],
  allowDuets: true,
  now,
  ...overrides,
});

describe('live stream decider', () => {
  describe('start', () => {
    it('given nothing, when started, then LiveStreamStarted with the trimmed title, description and unique tags', () => {
      spec.given().when(start()).then([started]);
    });

    it('refuses a title that is blank after trimming with "Please enter a title for your live stream" (400 naming title)', () => {
      spec
        .given()
        .when(start({ title: '   ' }))
        .thenRefuses({
          status: 400,
          code: 'title_required',
          field: 'title',
          message: 'Please enter a title for your live stream',
        });
    });

    it('refuses to start the same stream twice (409)', () => {
      spec.given(started).when(start()).thenRefuses({ status: 409, code: 'stream_exists' });
    });
  });

  describe('viewers', () => {
    it('given a live stream, a viewer is recorded as having viewed it (repeats are held back by presence, not here)', () => {
      spec
        .given(started)
        .when({ type: 'JoinLiveStream', viewerId: 'c1', userId: 'u2', now })
        .then([joined('c1', 'u2')]);
    });

    it('the streamer is not counted as a viewer', () => {
      spec.given(started).when({ type: 'JoinLiveStream', viewerId: 'c9', userId: OWNER, now }).then([]);
    });

    it('a visitor (no user) is a viewer too', () => {
      spec
        .given(started)
        .when({ type: 'JoinLiveStream', viewerId: 'c2', userId: null, now })
        .then([joined('c2', null)]);
    });

    it('joining an unknown stream is 404, an ended one 410', () => {
      spec.given().when({ type: 'JoinLiveStream', viewerId: 'c1', userId: null, now }).thenRefuses({ status: 404 });
      spec
        .given(started, ended)
        .when({ type: 'JoinLiveStream', viewerId: 'c1', userId: null, now })
        .thenRefuses({ status: 410, code: 'stream_ended' });
    });

    it('the state counts recorded views; old LiveStreamViewerLeft events change nothing', () => {
      const state = spec
        .given(started, joined('c1'), joined('c2'), {
          type: 'LiveStreamViewerLeft',
          data: { streamId: STREAM, viewerId: 'c1', userId: null, leftAt: at },
        })
        .state();
      expect(state.status === 'live' && state.viewsRecorded).toBe(2);
    });
  });

  describe('chat', () => {
    it('posts trimmed content', () => {
      spec
        .given(started)
        .when({ type: 'PostStreamChatMessage', messageId: 'm1', userId: 'u2', content: '  hello  ', now })
        .then([
          {
            type: 'LiveStreamChatMessagePosted',
            data: { streamId: STREAM, messageId: 'm1', userId: 'u2', content: 'hello', postedAt: at },
          },
        ]);
    });

    it('refuses blank and over-long content (400 naming content) and chat in an ended stream (410)', () => {
      spec
        .given(started)
        .when({ type: 'PostStreamChatMessage', messageId: 'm1', userId: 'u2', content: ' \n ', now })
        .thenRefuses({ status: 400, field: 'content' });
      spec
        .given(started)
        .when({ type: 'PostStreamChatMessage', messageId: 'm1', userId: 'u2', content: 'x'.repeat(501), now })
        .thenRefuses({ status: 400, field: 'content' });
      spec
        .given(started, ended)
        .when({ type: 'PostStreamChatMessage', messageId: 'm1', userId: 'u2', content: 'hi', now })
        .thenRefuses({ status: 410 });
    });
  });

  describe('end', () => {
    it('the owner ends a live stream', () => {
      spec
        .given(started, joined('c1'))
        .when({ type: 'EndLiveStream', by: { kind: 'user', userId: OWNER }, now })
        .then([ended]);
    });

    it.each(['media_lost', 'media_never_connected', 'media_stopped'] as const)(
      'the system ends it with the reason it gives (%s)',
      (reason) => {
        spec
          .given(started)
          .when({ type: 'EndLiveStream', by: { kind: 'system', reason }, now })
          .then([{ type: 'LiveStreamEnded', data: { streamId: STREAM, endedBy: null, reason, endedAt: at } }]);
      },
    );

    it('someone else may not end it (403); an unknown stream is 404; ending twice is 410', () => {
      spec
        .given(started)
        .when({ type: 'EndLiveStream', by: { kind: 'user', userId: 'u2' }, now })
        .thenRefuses({ status: 403, code: 'forbidden' });
      spec
        .given()
        .when({ type: 'EndLiveStream', by: { kind: 'user', userId: OWNER }, now })
        .thenRefuses({ status: 404 });
      spec
        .given(started, ended)
        .when({ type: 'EndLiveStream', by: { kind: 'user', userId: OWNER }, now })
        .thenRefuses({ status: 410, code: 'stream_ended' });
    });

    it('a media loss or dead-stream verdict arriving after the owner ended it records nothing', () => {
      spec
        .given(started, ended)
        .when({ type: 'EndLiveStream', by: { kind: 'system', reason: 'media_lost' }, now })
        .then([]);
      spec
        .given(started, ended)
        .when({ type: 'EndLiveStream', by: { kind: 'system', reason: 'media_stopped' }, now })
        .then([]);
    });

    it('an ended stream records its end and keeps its recorded views', () => {
      const state = spec.given(started, joined('c1'), ended).state();
      expect(state).toMatchObject({ status: 'ended', endReason: 'owner', endedAt: at, viewsRecorded: 1 });
    });
  });

  describe('thumbnails', () => {
    const KEY = `live-streams/${STREAM}/thumbnail`;
    const update = (userId = OWNER): LiveStreamCommand => ({
      type: 'UpdateThumbnail',
      userId,
      key: KEY,
      contentType: 'image/jpeg',
      now,
    });
    const frame = (n: number): LiveStreamEvent => ({
      type: 'LiveStreamThumbnailUpdated',
      data: { streamId: STREAM, frame: n, key: KEY, contentType: 'image/jpeg', updatedAt: at },
    });

    it('given a live stream, the owner’s frames are numbered from 1', () => {
      spec
        .given(started)
        .when(update())
        .then([frame(1)]);
      spec
        .given(started, frame(1))
        .when(update())
        .then([frame(2)]);
    });

    it('refuses anyone but the owner (403), an unknown stream (404), an ended one (410)', () => {
      spec.given(started).when(update('someone')).thenRefuses({
        status: 403,
        message: "Only the streamer can set the stream's thumbnail",
      });
      spec.given().when(update()).thenRefuses({ status: 404 });
      spec.given(started, ended).when(update()).thenRefuses({ status: 410, code: 'stream_ended' });
    });
  });
});
