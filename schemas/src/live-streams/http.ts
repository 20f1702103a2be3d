import { z } from 'zod';
import { LIVE_STREAM_MESSAGES } from './messages.ts';
import {
  DUET_MESSAGE_MAX,
  LIVE_STREAM_DESCRIPTION_MAX,
  LIVE_STREAM_TAG_MAX,
  LIVE_STREAM_TAGS_MAX,
  liveStreamCategory,
  liveStreamTitle,
} from './rules.ts';

/** The HTTP bodies of /api/streams/*: the setup form, the Live stream entity and stream chat. */

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /api/streams/start, the setup form: title, description, category, tags, allowDuets (default true). */
export const startLiveStreamBody = z.object({
  title: liveStreamTitle,
  description: z
    .string()
    .trim()
    .max(LIVE_STREAM_DESCRIPTION_MAX, `The description is at most ${LIVE_STREAM_DESCRIPTION_MAX} characters`)
    .default(''),
  category: liveStreamCategory.default('general'),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'tags must not be empty')
        .max(LIVE_STREAM_TAG_MAX, `a tag is at most ${LIVE_STREAM_TAG_MAX} characters`),
    )
    .max(LIVE_STREAM_TAGS_MAX, `at most ${LIVE_STREAM_TAGS_MAX} tags`)
    .default([]),
  allowDuets: z.boolean().default(true),
  /** A future start time makes a scheduled stream (Upcoming Streams); the owner starts it with /go-live. */
  scheduledFor: z.iso.datetime({ offset: true, error: 'scheduledFor must be an ISO date-time' }).optional(),
});
export type StartLiveStreamBody = z.input<typeof startLiveStreamBody>;

/** GET /api/streams/active?category=: "all" (or none) lists every category. */
export const activeStreamsQuery = z.object({
  category: z.union([z.literal('all'), liveStreamCategory]).optional(),
});
export type ActiveStreamsQuery = z.infer<typeof activeStreamsQuery>;

/** The `{id}` of /api/streams/{id}/... */
export const streamIdParam = z.object({ id: z.uuid('the stream id must be a UUID') });

/** POST /api/streams/{id}/duet/request. */
export const duetRequestBody = z.object({
  message: z.string().trim().max(DUET_MESSAGE_MAX, LIVE_STREAM_MESSAGES.duetMessageTooLong).default(''),
});
export type DuetRequestBody = z.input<typeof duetRequestBody>;

/** POST /api/streams/{id}/duet/accept and /duet/decline: the requester. */
export const duetAnswerBody = z.object({ userId: z.uuid('userId must be a UUID') });
export type DuetAnswerBody = z.infer<typeof duetAnswerBody>;

/** GET /api/streams/upcoming: paged by scheduled time. */
export const upcomingStreamsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(200).optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers

/** The Live stream entity every listing and the stream page read. */
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

/** GET /api/streams/active and the other listings. */
export const liveStreamList = z.array(liveStream);

/** POST /api/streams/start → 201. */
export const startLiveStreamResponse = z.object({ stream: liveStream, position: z.string().nullable() });
/** POST /api/streams/{id}/join and GET /api/streams/{id}. */
export const liveStreamResponse = z.object({ stream: liveStream });
/** POST /api/streams/{id}/end. */
export const endLiveStreamResponse = z.object({
  stream: z.object({ id: z.string(), isActive: z.literal(false) }),
  position: z.string().nullable(),
});

/** POST /api/streams/{id}/go-live. */
export const goLiveResponse = z.object({ stream: liveStream, position: z.string().nullable() });

/** POST /api/streams/{id}/thumbnail: the address the listings now show. */
export const streamThumbnailResponse = z.object({
  streamId: z.string(),
  thumbnailUrl: z.string(),
  position: z.string().nullable(),
});

/** The multipart form of POST /api/streams/{id}/thumbnail: no text fields, the frame is the file part. */
export const streamThumbnailFormFields = z.object({});

/** A scheduled stream under Upcoming Streams, with the reader's reminder. */
export const upcomingStream = liveStream.extend({
  reminderCount: z.number().int(),
  /** Whether the signed-in reader asked to be reminded (false for visitors). */
  reminded: z.boolean(),
});
export type UpcomingStream = z.infer<typeof upcomingStream>;
export const upcomingStreamsResponse = z.object({
  streams: z.array(upcomingStream),
  nextCursor: z.string().nullable(),
});

/** POST / DELETE /api/streams/{id}/remind. */
export const streamReminderResponse = z.object({
  streamId: z.string(),
  reminded: z.boolean(),
  position: z.string().nullable(),
});

/** The duet calls' answer: the stream's duet as it now stands. */
export const duetResponse = z.object({
  streamId: z.string(),
  duetPartnerId: z.string().nullable(),
  position: z.string().nullable(),
});

/** A stream chat message as listings and the socket show it. */
export const streamChatMessage = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), username: z.string().nullable(), profileImageUrl: z.string().nullable() }),
});
export type StreamChatMessage = z.infer<typeof streamChatMessage>;
/** GET /api/streams/{id}/chat. */
export const streamChatHistory = z.object({ messages: z.array(streamChatMessage) });
