import { z } from 'zod';

/**
 * Live streams: the setup form (POST /api/streams/start), the Live stream entity every listing and
 * the stream page read, stream chat messages, and the spec's constants. Texts are the spec's, word
 * for word (§3, §5, §8, §9).
 */

export const LIVE_STREAM_MESSAGES = {
  titleRequiredTitle: 'Title Required',
  titleRequired: 'Please enter a title for your live stream',
  cameraRequiredTitle: 'Camera Required',
  cameraRequired: 'Please enable your camera before starting the stream',
  startFailedTitle: 'Failed to Start Stream',
  endFailedTitle: 'Error',
  endFailed: 'Failed to end stream. Please try again.',
  live: "You're Live!",
  ended: 'Stream Ended',
  chatEmpty: 'Please enter a message',
  chatTooLong: 'Chat messages are at most 500 characters',
  notFound: 'This live stream does not exist',
  alreadyEnded: 'This live stream has already ended',
  notOwner: 'Only the streamer can end this live stream',
} as const;

/** Stream categories (§3), shown capitalized. */
export const LIVE_STREAM_CATEGORIES = ['general', 'gaming', 'music', 'art', 'chat', 'dance', 'cooking', 'fitness', 'education'] as const;
export const liveStreamCategory = z.enum(LIVE_STREAM_CATEGORIES, { error: `category must be one of ${LIVE_STREAM_CATEGORIES.join(', ')}` });
export type LiveStreamCategory = z.infer<typeof liveStreamCategory>;

export const LIVE_STREAM_TITLE_MAX = 100;
export const LIVE_STREAM_DESCRIPTION_MAX = 500;
export const LIVE_STREAM_TAGS_MAX = 10;
export const LIVE_STREAM_TAG_MAX = 30;
export const STREAM_CHAT_MAX = 500;
/** Listings refresh every 10 s (§9). */
export const ACTIVE_STREAMS_REFRESH_MS = 10_000;
/** After a stream ends the pages go to /live after 1.5-2 s (§9). */
export const STREAM_END_REDIRECT_MS = 2_000;
export const STREAM_ENDED_REDIRECT_MS = 1_500;

/** Title: required after trimming. */
export const liveStreamTitle = z
  .string({ error: LIVE_STREAM_MESSAGES.titleRequired })
  .trim()
  .min(1, LIVE_STREAM_MESSAGES.titleRequired)
  .max(LIVE_STREAM_TITLE_MAX, `The title is at most ${LIVE_STREAM_TITLE_MAX} characters`);

/** Chat text: trimmed, non-empty, at most 500 characters (§5). */
export const streamChatContent = z
  .string({ error: LIVE_STREAM_MESSAGES.chatEmpty })
  .trim()
  .min(1, LIVE_STREAM_MESSAGES.chatEmpty)
  .max(STREAM_CHAT_MAX, LIVE_STREAM_MESSAGES.chatTooLong);

/** The setup form / draft (§3): title, description, category, tags, allowDuets (default true). */
export const startLiveStreamBody = z.object({
  title: liveStreamTitle,
  description: z.string().trim().max(LIVE_STREAM_DESCRIPTION_MAX, `The description is at most ${LIVE_STREAM_DESCRIPTION_MAX} characters`).default(''),
  category: liveStreamCategory.default('general'),
  tags: z
    .array(z.string().trim().min(1, 'tags must not be empty').max(LIVE_STREAM_TAG_MAX, `a tag is at most ${LIVE_STREAM_TAG_MAX} characters`))
    .max(LIVE_STREAM_TAGS_MAX, `at most ${LIVE_STREAM_TAGS_MAX} tags`)
    .default([]),
  allowDuets: z.boolean().default(true),
});
export type StartLiveStreamBody = z.input<typeof startLiveStreamBody>;

/** GET /api/streams/active?category=: "all" (or none) lists every category. */
export const activeStreamsQuery = z.object({
  category: z.union([z.literal('all'), liveStreamCategory]).optional(),
});

export const streamIdParam = z.object({ id: z.uuid('the stream id must be a UUID') });

/** The Live stream entity (§3). */
export const liveStream = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  category: liveStreamCategory,
  tags: z.array(z.string()),
  allowDuets: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  viewerCount: z.number().int(),
  /** In cents. */
  totalGiftsReceived: z.number().int(),
  isActive: z.boolean(),
  isScheduled: z.boolean(),
  scheduledFor: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  streamerUsername: z.string().nullable(),
  duetPartnerId: z.string().nullable(),
  user: z.object({
    username: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    isVerified: z.boolean(),
  }),
});
export type LiveStream = z.infer<typeof liveStream>;

export const liveStreamList = z.array(liveStream);

/** POST /api/streams/start → 201. */
export const startLiveStreamResponse = z.object({ stream: liveStream, position: z.string().nullable() });
/** POST /api/streams/{id}/join and GET /api/streams/{id}. */
export const liveStreamResponse = z.object({ stream: liveStream });
/** POST /api/streams/{id}/end. */
export const endLiveStreamResponse = z.object({ stream: z.object({ id: z.string(), isActive: z.literal(false) }), position: z.string().nullable() });

/** A stream chat message (§3). */
export const streamChatMessage = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), username: z.string().nullable(), profileImageUrl: z.string().nullable() }),
});
export type StreamChatMessage = z.infer<typeof streamChatMessage>;
export const streamChatHistory = z.object({ messages: z.array(streamChatMessage) });

/** Viewer counts with K from 1,000 and M from 1,000,000 (§9). */
export function formatViewerCount(n: number): string {
  if (n >= 1_000_000) return `${trimZero(n / 1_000_000)}M`;
  if (n >= 1_000) return `${trimZero(n / 1_000)}K`;
  return String(n);
}

function trimZero(x: number): string {
  return (Math.floor(x * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

/** Stream age as minutes, or hours and minutes (§9). */
export function formatStreamAge(startedAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(startedAt).getTime()) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
