import { z } from 'zod';

/** What can be reported (videos, text posts, comments and users, plus stories, streams and messages: issue 14). */
export const CONTENT_TYPES = ['video', 'text_post', 'comment', 'user', 'story', 'stream', 'message'] as const;
export const contentType = z.enum(CONTENT_TYPES, { error: `contentType must be one of ${CONTENT_TYPES.join(', ')}` });
export type ContentType = z.infer<typeof contentType>;
/**
 * Whether a report's content type names a post (a video or a text post: one item, the post, in
 * every read model). A string, not a ContentType: read models also ask of unparsed payloads.
 */
export const isPostContentType = (type: string): type is 'video' | 'text_post' =>
  type === 'video' || type === 'text_post';

/** Why: a fixed list, words joined by underscore (a report's `reportReason`). */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate_speech',
  'violence',
  'nudity',
  'misinformation',
  'copyright',
  'other',
] as const;
export const reportReason = z.enum(REPORT_REASONS, {
  error: `reportReason must be one of ${REPORT_REASONS.join(', ')}`,
});
export type ReportReason = z.infer<typeof reportReason>;

/** A report's description and a moderator's note (characters). */
export const REPORT_DESCRIPTION_MAX = 1000;
export const MODERATOR_NOTE_MAX = 1000;
/** The moderation queue's page (reports, newest first). */
export const REPORTS_PAGE_SIZE = 20;
/** The longest ?search= of the queue. */
export const REPORT_SEARCH_MAX = 100;

/**
 * The report machine: pending may become reviewing (Review), resolved (Remove Content) or
 * dismissed (Dismiss); a report under review may still be resolved or dismissed. Resolved and
 * dismissed are final.
 */
export const REPORT_STATUSES = ['pending', 'reviewing', 'resolved', 'dismissed'] as const;
export const reportStatus = z.enum(REPORT_STATUSES, { error: `status must be one of ${REPORT_STATUSES.join(', ')}` });
export type ReportStatus = z.infer<typeof reportStatus>;

export const REPORT_TRANSITIONS: Readonly<Record<ReportStatus, readonly ReportStatus[]>> = {
  pending: ['reviewing', 'resolved', 'dismissed'],
  reviewing: ['resolved', 'dismissed'],
  resolved: [],
  dismissed: [],
};

export const canMoveReport = (from: ReportStatus, to: ReportStatus): boolean => REPORT_TRANSITIONS[from].includes(to);
/** Open reports count against "one open report per reporter per content item". */
export const isOpenReport = (status: ReportStatus): boolean => status === 'pending' || status === 'reviewing';

/**
 * Auto-hide: an item reported by this many distinct users is hidden pending review (default; the
 * API's MODERATION_AUTO_HIDE_THRESHOLD overrides it until an admin sets one, then the settings
 * event rules).
 */
export const AUTO_HIDE_THRESHOLD_DEFAULT = 5;
export const AUTO_HIDE_THRESHOLD_MIN = 2;
export const AUTO_HIDE_THRESHOLD_MAX = 100;

/** Where moderated content stands: shown, hidden pending review, or removed by a moderator. */
export const CONTENT_VISIBILITIES = ['visible', 'hidden', 'removed'] as const;
export type ContentVisibility = (typeof CONTENT_VISIBILITIES)[number];
