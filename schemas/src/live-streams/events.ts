import { z } from 'zod';
import { liveStreamCategory } from './rules.ts';

/**
 * Events of the live stream aggregate, stream `livestream-{id}`. Payloads are versioned by their
 * type name: a change that old events cannot satisfy gets a new type (…V2), never an edit here.
 */

export const liveStreamStreamName = (streamId: string) => `livestream-${streamId}`;

export const liveStreamStarted = z.object({
  streamId: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  category: liveStreamCategory,
  tags: z.array(z.string()),
  allowDuets: z.boolean(),
  startedAt: z.string(),
});

/**
 * A viewer watched the stream (the streamer's own sockets are not viewers). Written at most once per
 * viewer (user, or visitor address) per stream per hour, for analytics: who watches now is presence
 * in Redis, not this event.
 */
export const liveStreamViewerJoined = z.object({
  streamId: z.string(),
  /** One browser connection; a visitor has no user id. */
  viewerId: z.string(),
  userId: z.string().nullable(),
  joinedAt: z.string(),
});

/** No longer written (presence moved to Redis); kept so older logs still read. */
export const liveStreamViewerLeft = z.object({
  streamId: z.string(),
  viewerId: z.string(),
  userId: z.string().nullable(),
  leftAt: z.string(),
});

export const liveStreamChatMessagePosted = z.object({
  streamId: z.string(),
  messageId: z.string(),
  userId: z.string(),
  content: z.string(),
  postedAt: z.string(),
});

/**
 * Why a stream ended. `owner`: End Stream. The rest are the system's (no actor): `media_lost`, the
 * SFU lost the stream's worker; `media_never_connected`, no media reached the SFU within the
 * timeout of going live; `media_stopped`, media stopped arriving for that long.
 */
export const liveStreamEndReason = z.enum(['owner', 'media_lost', 'media_never_connected', 'media_stopped']);
export type LiveStreamEndReason = z.infer<typeof liveStreamEndReason>;
export type SystemEndReason = Exclude<LiveStreamEndReason, 'owner'>;

export const liveStreamEnded = z.object({
  streamId: z.string(),
  /** The owner's id, or null when the system ended it. */
  endedBy: z.string().nullable(),
  reason: liveStreamEndReason,
  endedAt: z.string(),
});

export const liveStreamEventSchemas = {
  LiveStreamStarted: liveStreamStarted,
  LiveStreamViewerJoined: liveStreamViewerJoined,
  LiveStreamViewerLeft: liveStreamViewerLeft,
  LiveStreamChatMessagePosted: liveStreamChatMessagePosted,
  LiveStreamEnded: liveStreamEnded,
} as const;

export type LiveStreamEventType = keyof typeof liveStreamEventSchemas;
export const LIVE_STREAM_EVENT_TYPES = Object.keys(liveStreamEventSchemas) as LiveStreamEventType[];

export type LiveStreamEvent = {
  [K in LiveStreamEventType]: { readonly type: K; readonly data: z.infer<(typeof liveStreamEventSchemas)[K]> };
}[LiveStreamEventType];
