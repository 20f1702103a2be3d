import { describe, expect, it } from 'vitest';
import type { LiveStreamEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { liveStreamDecider, type LiveStreamCommand } from './live-stream.decider.ts';

const STREAM = '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01';
const OWNER = 'owner-1';
const FAN = 'fan-1';
const OTHER = 'fan-2';
const now = new Date('2025-08-17T10:00:00.000Z');
const at = now.toISOString();

const setup = {
  streamId: STREAM,
  userId: OWNER,
  title: 'Jam',
  description: '',
  category: 'music',
  tags: [],
  allowDuets: true,
} as const;
const started: LiveStreamEvent = { type: 'LiveStreamStarted', data: { ...setup, tags: [], startedAt: at } };
const noDuets: LiveStreamEvent = {
  type: 'LiveStreamStarted',
  data: { ...setup, tags: [], allowDuets: false, startedAt: at },
};
const ended: LiveStreamEvent = {
  type: 'LiveStreamEnded',
  data: { streamId: STREAM, endedBy: OWNER, reason: 'owner', endedAt: at },
};
const requested = (userId = FAN, message = 'sing with me'): LiveStreamEvent => ({
  type: 'LiveStreamDuetRequested',
  data: { streamId: STREAM, userId, message, requestedAt: at },
});
const declined = (userId = FAN): LiveStreamEvent => ({
  type: 'LiveStreamDuetDeclined',
  data: { streamId: STREAM, userId, declinedAt: at },
});
const duetStarted = (partnerId = FAN): LiveStreamEvent => ({
  type: 'LiveStreamDuetStarted',
  data: { streamId: STREAM, partnerId, startedAt: at },
});
const duetEnded = (
  reason: 'streamer' | 'partner' | 'partner_disconnected',
  endedBy: string | null,
  partnerId = FAN,
): LiveStreamEvent => ({
  type: 'LiveStreamDuetEnded',
  data: { streamId: STREAM, partnerId, endedBy, reason, endedAt: at },
});

const spec = deciderSpec(liveStreamDecider);
const request = (userId = FAN, message = ' sing with me '): LiveStreamCommand => ({
  type: 'RequestDuet',
  userId,
  message,
  now,
});
const accept = (userId = FAN, by = OWNER, partnerInRoom = true): LiveStreamCommand => ({
  type: 'AcceptDuet',
  by,
  userId,
  partnerInRoom,
  now,
});
const decline = (userId = FAN, by = OWNER): LiveStreamCommand => ({ type: 'DeclineDuet', by, userId, now });
const endBy = (userId: string): LiveStreamCommand => ({ type: 'EndDuet', by: { kind: 'user', userId }, now });

describe('duets', () => {
  describe('request', () => {
    it('given a live stream that allows duets, a viewer asks for one (trimmed message)', () => {
      spec.given(started).when(request()).then([requested()]);
    });

    it('a repeat while pending asks again; it never errors', () => {
      spec
        .given(started, requested())
        .when(request(FAN, 'again'))
        .then([requested(FAN, 'again')]);
      expect(spec.given(started, requested(), requested()).state()).toMatchObject({ duetRequests: [FAN] });
    });

    it('refuses the owner (403), a stream without duets (403), an ended stream (410), a stream with a partner (409), a long message (400)', () => {
      spec
        .given(started)
        .when(request(OWNER))
        .thenRefuses({ status: 403, message: 'You cannot request a duet with your own stream' });
      spec
        .given(noDuets)
        .when(request())
        .thenRefuses({ status: 403, code: 'duets_not_allowed', message: 'This stream does not accept duet requests' });
      spec.given(started, ended).when(request()).thenRefuses({ status: 410 });
      spec
        .given(started, requested(OTHER), duetStarted(OTHER))
        .when(request())
        .thenRefuses({ status: 409, message: 'This stream already has a duet partner' });
      spec
        .given(started)
        .when(request(FAN, 'x'.repeat(201)))
        .thenRefuses({ status: 400, field: 'message' });
      spec.given().when(request()).thenRefuses({ status: 404 });
    });
  });

  describe('accept and decline', () => {
    it('given a pending request, the streamer accepts it: the duet starts with that partner', () => {
      spec.given(started, requested()).when(accept()).then([duetStarted()]);
      expect(spec.given(started, requested(), duetStarted()).state()).toMatchObject({
        duetPartnerId: FAN,
        duetRequests: [],
      });
    });

    it('given a pending request, the streamer declines it; it is then no longer pending', () => {
      spec.given(started, requested()).when(decline()).then([declined()]);
      spec
        .given(started, requested(), declined())
        .when(accept())
        .thenRefuses({ status: 409, code: 'duet_not_requested' });
      spec
        .given(started, requested(), declined())
        .when(decline())
        .thenRefuses({ status: 409, code: 'duet_not_requested' });
    });

    it('only the streamer answers (403); the user must have asked (409); the partner must be in the room (409)', () => {
      spec
        .given(started, requested())
        .when(accept(FAN, OTHER))
        .thenRefuses({ status: 403, message: 'Only the streamer can answer duet requests' });
      spec.given(started, requested()).when(decline(FAN, FAN)).thenRefuses({ status: 403 });
      spec.given(started).when(accept()).thenRefuses({ status: 409, message: 'That user has not requested a duet' });
      spec
        .given(started, requested())
        .when(accept(FAN, OWNER, false))
        .thenRefuses({
          status: 409,
          code: 'duet_partner_not_in_room',
          message: 'That user is no longer watching this stream',
        });
      spec.given(started, requested(), ended).when(accept()).thenRefuses({ status: 410 });
    });

    it('one partner at a time: a second accept waits until the duet ends', () => {
      spec
        .given(started, requested(), requested(OTHER), duetStarted())
        .when(accept(OTHER))
        .thenRefuses({ status: 409, code: 'duet_partner_present' });
      spec
        .given(started, requested(), requested(OTHER), duetStarted(), duetEnded('streamer', OWNER))
        .when(accept(OTHER))
        .then([duetStarted(OTHER)]);
    });
  });

  describe('end', () => {
    it('the streamer or the partner ends the duet, each with their reason', () => {
      spec
        .given(started, requested(), duetStarted())
        .when(endBy(OWNER))
        .then([duetEnded('streamer', OWNER)]);
      spec
        .given(started, requested(), duetStarted())
        .when(endBy(FAN))
        .then([duetEnded('partner', FAN)]);
      expect(spec.given(started, requested(), duetStarted(), duetEnded('partner', FAN)).state()).toMatchObject({
        duetPartnerId: null,
      });
    });

    it('refuses anyone else (403) and, for anyone, a stream without a duet (409)', () => {
      spec
        .given(started, requested(), duetStarted())
        .when(endBy(OTHER))
        .thenRefuses({ status: 403, message: 'Only the streamer or the duet partner can end the duet' });
      spec
        .given(started)
        .when(endBy(OWNER))
        .thenRefuses({ status: 409, code: 'duet_not_present', message: 'There is no duet in this stream' });
      spec
        .given(started, requested(), duetStarted(), duetEnded('partner', FAN))
        .when(endBy(FAN))
        .thenRefuses({ status: 409, code: 'duet_not_present' });
      spec.given(started, ended).when(endBy(OWNER)).thenRefuses({ status: 410 });
    });

    it('the platform ends it when the partner stayed away, only if that user is still the partner', () => {
      const system = (partnerId: string): LiveStreamCommand => ({
        type: 'EndDuet',
        by: { kind: 'system', partnerId },
        now,
      });
      spec
        .given(started, requested(), duetStarted())
        .when(system(FAN))
        .then([duetEnded('partner_disconnected', null)]);
      spec.given(started, requested(), duetStarted(), duetEnded('partner', FAN)).when(system(FAN)).then([]);
      spec.given(started, requested(OTHER), duetStarted(OTHER)).when(system(FAN)).then([]);
      spec.given(started, requested(), duetStarted(), ended).when(system(FAN)).then([]);
    });

    it('ending the stream ends its duet and forgets pending requests', () => {
      expect(spec.given(started, requested(), requested(OTHER), duetStarted(), ended).state()).toMatchObject({
        status: 'ended',
        duetPartnerId: null,
        duetRequests: [],
      });
    });
  });
});
