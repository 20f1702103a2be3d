import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';

/**
 * GET /api/reports/{id}/timeline: a report's whole story as one list, oldest first. Each entry says
 * when, who (null for the system), what (`action`, worded for people) and a note (only a report's
 * description or a moderator's note: never message text or any other private payload).
 */

/** Where an entry comes from: the report itself, the reported content's life (and its engagement per hour), another report on the same content, or the author's earlier moderation history. */
export const TIMELINE_SOURCES = ['report', 'content', 'other_report', 'author_history'] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

/** The kinds of content a timeline follows (a report's video and text_post are both posts). */
export const CONTENT_KINDS = ['post', 'comment', 'story', 'stream', 'user', 'message'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Engagement a timeline summarises per hour. */
export const ENGAGEMENT_KINDS = ['views', 'likes', 'unlikes', 'comments', 'shares', 'chat_messages'] as const;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];

/** Entries a page (a long-lived item's timeline can be long); the next page's cursor comes in X-Next-Cursor. */
export const TIMELINE_PAGE_SIZE = 50;

export const reportTimelineQuery = z.object({ cursor: pageCursor.optional() });

const count = z.number().int();
export const engagementCounts = z.object({
  views: count,
  likes: count,
  unlikes: count,
  comments: count,
  shares: count,
  chat_messages: count,
});
export type EngagementCounts = z.infer<typeof engagementCounts>;

export const timelineEntry = z.object({
  /** The event's id, or for an hour of engagement "{kind}:{id}@{hour}". */
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  action: z.string(),
  note: z.string().nullable(),
  source: z.enum(TIMELINE_SOURCES),
  /** The event's type; null for an hour of engagement. */
  eventType: z.string().nullable(),
  /** The report an entry belongs to (report and other_report entries, and reports in the author's history). */
  reportId: z.string().nullable(),
  /** The content item the entry is about. */
  content: z.object({ kind: z.enum(CONTENT_KINDS), id: z.string() }).nullable(),
  /** An hour of engagement: how many of each kind, and when the last of them was (null for events). */
  engagement: z.object({ counts: engagementCounts, until: z.string() }).nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;
export const reportTimelineResponse = z.array(timelineEntry);
