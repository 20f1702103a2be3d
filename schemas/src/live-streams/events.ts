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
 * timeout of going live; `media_stopped`, media stopped arriving for that long; `removed`, a
 * moderator removed the stream or suspended its owner.
 */
export const liveStreamEndReason = z.enum(['owner', 'media_lost', 'media_never_connected', 'media_stopped', 'removed']);
export type LiveStreamEndReason = z.infer<typeof liveStreamEndReason>;
export type SystemEndReason = Exclude<LiveStreamEndReason, 'owner'>;

export const liveStreamEnded = z.object({
  streamId: z.string(),
  /** The owner's id, or null when the system ended it. */
  endedBy: z.string().nullable(),
  reason: liveStreamEndReason,
  endedAt: z.string(),
});

/** A stream set up to start later (POST /api/streams/start with scheduledFor): listed under Upcoming Streams. */
export const liveStreamScheduled = liveStreamStarted.omit({ startedAt: true }).extend({
  scheduledFor: z.string(),
  scheduledAt: z.string(),
});

/** The owner started a scheduled stream (POST /api/streams/{id}/go-live). */
export const liveStreamWentLive = z.object({
  streamId: z.string(),
  startedAt: z.string(),
});

/** A viewer asked to be reminded when a scheduled stream starts ("Remind Me"). */
export const liveStreamReminderRequested = z.object({
  streamId: z.string(),
  userId: z.string(),
  requestedAt: z.string(),
});

export const liveStreamReminderCancelled = z.object({
  streamId: z.string(),
  userId: z.string(),
  cancelledAt: z.string(),
});

/** A viewer asked the streamer for a duet; the streamer accepts or declines it. */
export const liveStreamDuetRequested = z.object({
  streamId: z.string(),
  userId: z.string(),
  message: z.string(),
  requestedAt: z.string(),
});

export const liveStreamDuetDeclined = z.object({
  streamId: z.string(),
  userId: z.string(),
  declinedAt: z.string(),
});

/** The streamer accepted: `partnerId` joins the stream's media (one partner at a time). */
export const liveStreamDuetStarted = z.object({
  streamId: z.string(),
  partnerId: z.string(),
  startedAt: z.string(),
});

/**
 * Why a duet ended: `streamer` or `partner` ended it (end-duet), `partner_disconnected` (gone for
 * longer than the grace period). A stream that ends ends its duet without this event.
 */
export const liveStreamDuetEndReason = z.enum(['streamer', 'partner', 'partner_disconnected']);
export type LiveStreamDuetEndReason = z.infer<typeof liveStreamDuetEndReason>;

export const liveStreamDuetEnded = z.object({
  streamId: z.string(),
  partnerId: z.string(),
  /** Who ended it, or null when the platform did (the partner disconnected). */
  endedBy: z.string().nullable(),
  reason: liveStreamDuetEndReason,
  endedAt: z.string(),
});

/**
 * The streamer's client sent a new frame of its broadcast (POST /api/streams/{id}/thumbnail): the
 * listings show it. `frame` counts the stream's frames from 1; every frame is stored at the one key
 * of the stream (`key`), so a newer one replaces the older and `frame` tells caches apart.
 */
export const liveStreamThumbnailUpdated = z.object({
  streamId: z.string(),
  frame: z.number().int().positive(),
  key: z.string(),
  contentType: z.string(),
  updatedAt: z.string(),
});

export const liveStreamEventSchemas = {
  LiveStreamStarted: liveStreamStarted,
  LiveStreamViewerJoined: liveStreamViewerJoined,
  LiveStreamViewerLeft: liveStreamViewerLeft,
  LiveStreamChatMessagePosted: liveStreamChatMessagePosted,
  LiveStreamEnded: liveStreamEnded,
  LiveStreamScheduled: liveStreamScheduled,
  LiveStreamWentLive: liveStreamWentLive,
  LiveStreamReminderRequested: liveStreamReminderRequested,
  LiveStreamReminderCancelled: liveStreamReminderCancelled,
  LiveStreamDuetRequested: liveStreamDuetRequested,
  LiveStreamDuetDeclined: liveStreamDuetDeclined,
  LiveStreamDuetStarted: liveStreamDuetStarted,
  LiveStreamDuetEnded: liveStreamDuetEnded,
  LiveStreamThumbnailUpdated: liveStreamThumbnailUpdated,
} as const;

export type LiveStreamEventType = keyof typeof liveStreamEventSchemas;
export const LIVE_STREAM_EVENT_TYPES = Object.keys(liveStreamEventSchemas) as LiveStreamEventType[];

export type LiveStreamEvent = {
  [K in LiveStreamEventType]: { readonly type: K; readonly data: z.infer<(typeof liveStreamEventSchemas)[K]> };
}[LiveStreamEventType];
