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
