import { describe, expect, it } from 'vitest';
import type { LiveStreamEvent } from '@myworld/schemas';
import { fold } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { liveStreamDecider, type LiveStreamCommand } from './live-stream.decider.ts';

const STREAM = '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01';
const OWNER = 'owner-1';
const now = new Date('2025-08-17T10:00:00.000Z');
const at = now.toISOString();

const started: LiveStreamEvent = {
  type: 'LiveStreamStarted',
  data: { streamId: STREAM, userId: OWNER, title: 'Morning jam', description: 'Chill', category: 'music', tags: ['lofi'], allowDuets: true, startedAt: at },
};
const ended: LiveStreamEvent = { type: 'LiveStreamEnded', data: { streamId: STREAM, endedBy: OWNER, reason: 'owner', endedAt: at } };
const joined = (viewerId: string, userId: string | null = null): LiveStreamEvent => ({ type: 'LiveStreamViewerJoined', data: { streamId: STREAM, viewerId, userId, joinedAt: at } });

/** given events, when command: the events decided (or the DomainError thrown). */
function when(given: LiveStreamEvent[], command: LiveStreamCommand): readonly LiveStreamEvent[] {
  return liveStreamDecider.decide(command, fold(liveStreamDecider, given));
}
function refusal(given: LiveStreamEvent[], command: LiveStreamCommand): DomainError {
  try {
    when(given, command);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const start = (overrides: Partial<Extract<LiveStreamCommand, { type: 'StartLiveStream' }>> = {}): LiveStreamCommand => ({
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
      expect(when([], start())).toEqual([started]);
    });

    it('refuses a title that is blank after trimming with the spec wording (400 naming title)', () => {
      expect(refusal([], start({ title: '   ' }))).toMatchObject({ status: 400, code: 'title_required', field: 'title', message: 'Please enter a title for your live stream' });
    });

    it('refuses to start the same stream twice (409)', () => {
      expect(refusal([started], start())).toMatchObject({ status: 409, code: 'stream_exists' });
    });
  });

  describe('viewers', () => {
    it('given a live stream, a viewer joins once; the same socket again records nothing', () => {
      expect(when([started], { type: 'JoinLiveStream', viewerId: 'c1', userId: 'u2', now })).toEqual([joined('c1', 'u2')]);
      expect(when([started, joined('c1', 'u2')], { type: 'JoinLiveStream', viewerId: 'c1', userId: 'u2', now })).toEqual([]);
    });

    it('the streamer is not counted as a viewer', () => {
      expect(when([started], { type: 'JoinLiveStream', viewerId: 'c9', userId: OWNER, now })).toEqual([]);
    });

    it('a visitor (no user) is a viewer too', () => {
      expect(when([started], { type: 'JoinLiveStream', viewerId: 'c2', userId: null, now })).toEqual([joined('c2', null)]);
    });

    it('a counted viewer leaves with its user id; an unknown socket or an ended stream records nothing', () => {
      expect(when([started, joined('c1', 'u2')], { type: 'LeaveLiveStream', viewerId: 'c1', now })).toEqual([
        { type: 'LiveStreamViewerLeft', data: { streamId: STREAM, viewerId: 'c1', userId: 'u2', leftAt: at } },
      ]);
      expect(when([started], { type: 'LeaveLiveStream', viewerId: 'c1', now })).toEqual([]);
      expect(when([started, joined('c1'), ended], { type: 'LeaveLiveStream', viewerId: 'c1', now })).toEqual([]);
    });

    it('joining an unknown stream is 404, an ended one 410', () => {
      expect(refusal([], { type: 'JoinLiveStream', viewerId: 'c1', userId: null, now })).toMatchObject({ status: 404 });
      expect(refusal([started, ended], { type: 'JoinLiveStream', viewerId: 'c1', userId: null, now })).toMatchObject({ status: 410, code: 'stream_ended' });
    });

    it('the state counts who is watching now', () => {
      const state = fold(liveStreamDecider, [started, joined('c1'), joined('c2'), { type: 'LiveStreamViewerLeft', data: { streamId: STREAM, viewerId: 'c1', userId: null, leftAt: at } }]);
      expect(state.status === 'live' && state.viewers.size).toBe(1);
    });
  });

  describe('chat', () => {
    it('posts trimmed content', () => {
      expect(when([started], { type: 'PostStreamChatMessage', messageId: 'm1', userId: 'u2', content: '  hello  ', now })).toEqual([
        { type: 'LiveStreamChatMessagePosted', data: { streamId: STREAM, messageId: 'm1', userId: 'u2', content: 'hello', postedAt: at } },
      ]);
    });

    it('refuses blank and over-long content (400 naming content) and chat in an ended stream (410)', () => {
      expect(refusal([started], { type: 'PostStreamChatMessage', messageId: 'm1', userId: 'u2', content: ' \n ', now })).toMatchObject({ status: 400, field: 'content' });
      expect(refusal([started], { type: 'PostStreamChatMessage', messageId: 'm1', userId: 'u2', content: 'x'.repeat(501), now })).toMatchObject({ status: 400, field: 'content' });
      expect(refusal([started, ended], { type: 'PostStreamChatMessage', messageId: 'm1', userId: 'u2', content: 'hi', now })).toMatchObject({ status: 410 });
    });
  });

  describe('end', () => {
    it('the owner ends a live stream', () => {
      expect(when([started, joined('c1')], { type: 'EndLiveStream', by: { kind: 'user', userId: OWNER }, now })).toEqual([ended]);
    });

    it('the system ends it when its media is lost', () => {
      expect(when([started], { type: 'EndLiveStream', by: { kind: 'system' }, now })).toEqual([
        { type: 'LiveStreamEnded', data: { streamId: STREAM, endedBy: null, reason: 'media_lost', endedAt: at } },
      ]);
    });

    it('someone else may not end it (403); an unknown stream is 404; ending twice is 410', () => {
      expect(refusal([started], { type: 'EndLiveStream', by: { kind: 'user', userId: 'u2' }, now })).toMatchObject({ status: 403, code: 'forbidden' });
      expect(refusal([], { type: 'EndLiveStream', by: { kind: 'user', userId: OWNER }, now })).toMatchObject({ status: 404 });
      expect(refusal([started, ended], { type: 'EndLiveStream', by: { kind: 'user', userId: OWNER }, now })).toMatchObject({ status: 410, code: 'stream_ended' });
    });

    it('a media loss reported after the owner ended it records nothing', () => {
      expect(when([started, ended], { type: 'EndLiveStream', by: { kind: 'system' }, now })).toEqual([]);
    });

    it('an ended stream has no viewers', () => {
      const state = fold(liveStreamDecider, [started, joined('c1'), ended]);
      expect(state).toMatchObject({ status: 'ended', endReason: 'owner', endedAt: at });
      expect(state.status !== 'not_started' && state.viewers.size).toBe(0);
    });
  });
});
