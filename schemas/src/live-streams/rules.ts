import { z } from 'zod';
import { LIVE_STREAM_MESSAGES } from './messages.ts';

/** What a live stream may be: its categories, its text limits, and the pages' refresh timings. */

/** Stream categories, shown capitalized. */
export const LIVE_STREAM_CATEGORIES = [
  'general',
  'gaming',
  'music',
  'art',
  'chat',
  'dance',
  'cooking',
  'fitness',
  'education',
] as const;
export const liveStreamCategory = z.enum(LIVE_STREAM_CATEGORIES, {
  error: `category must be one of ${LIVE_STREAM_CATEGORIES.join(', ')}`,
});
export type LiveStreamCategory = z.infer<typeof liveStreamCategory>;

export const LIVE_STREAM_TITLE_MAX = 100;
export const LIVE_STREAM_DESCRIPTION_MAX = 500;
export const LIVE_STREAM_TAGS_MAX = 10;
export const LIVE_STREAM_TAG_MAX = 30;
export const STREAM_CHAT_MAX = 500;
/** Listings refresh every 10 s. */
export const ACTIVE_STREAMS_REFRESH_MS = 10_000;
/** After End Stream (or any end the streamer's own page sees), the page goes to /live after 2 s. */
export const STREAM_END_REDIRECT_MS = 2_000;
/** A stream page told its stream ended goes to /live after 1.5 s. */
export const STREAM_ENDED_REDIRECT_MS = 1_500;

/** A duet request's message, at most 200 characters. */
export const DUET_MESSAGE_MAX = 200;
/** A duet partner whose sockets are all gone this long ends the duet. */
export const DUET_PARTNER_GRACE_MS = 10_000;
/** A scheduled stream starts at most 30 days ahead. */
export const SCHEDULE_AHEAD_MAX_DAYS = 30;

/** Title: required after trimming. */
export const liveStreamTitle = z
  .string({ error: LIVE_STREAM_MESSAGES.titleRequired })
  .trim()
  .min(1, LIVE_STREAM_MESSAGES.titleRequired)
  .max(LIVE_STREAM_TITLE_MAX, `The title is at most ${LIVE_STREAM_TITLE_MAX} characters`);

/** Chat text: trimmed, non-empty, at most 500 characters. */
export const streamChatContent = z
  .string({ error: LIVE_STREAM_MESSAGES.chatEmpty })
  .trim()
  .min(1, LIVE_STREAM_MESSAGES.chatEmpty)
  .max(STREAM_CHAT_MAX, LIVE_STREAM_MESSAGES.chatTooLong);

/** A live stream's thumbnail: one frame of the broadcast, sent by the streamer's client. */
export const STREAM_THUMBNAIL_MAX_BYTES = 512 * 1024;
/** The image types a thumbnail may be, judged from its bytes. */
export const STREAM_THUMBNAIL_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The form field of POST /api/streams/{id}/thumbnail that carries the frame. */
export const STREAM_THUMBNAIL_FIELD = 'frame';
/** The streamer's client sends a first frame this long after going live (the camera has settled)... */
export const STREAM_THUMBNAIL_FIRST_MS = 3_000;
/** ...then one each minute. */
export const STREAM_THUMBNAIL_REFRESH_MS = 60_000;

/**
 * Where a stream's thumbnail is stored: one key per stream, so each new frame replaces the last one
 * in the store itself (a PUT is atomic) and nothing is left to clean up when a frame is superseded.
 * The last frame is deleted when the stream ends (the workers' thumbnail reactor). Browsers cannot
 * write here (their uploads live under `uploads/`).
 */
export const streamThumbnailKey = (streamId: string) => `live-streams/${streamId}/thumbnail`;

/** Where a stream's thumbnail is served; `frame` changes with each new frame, so no cache shows an old one. */
export const streamThumbnailPath = (streamId: string, frame: number) => `/api/streams/${streamId}/thumbnail?v=${frame}`;
