import { z } from 'zod';
import { REPORT_REASONS, contentType, reportReason } from './rules.ts';

/**
 * Events of a report, stream `report-{id}`: filed by a user, taken up for review, then resolved
 * (the moderator removed the content) or dismissed, by a moderator with a note. The report id is
 * derived from reporter, content and how many of their earlier reports on it are closed (see
 * command-api's report-id.ts), which makes "one open report per reporter per content item" a
 * single-stream decision.
 */
export const reportStreamName = (reportId: string) => `report-${reportId}`;

export const reportFiled = z.object({
  reportId: z.string(),
  reporterId: z.string(),
  contentType,
  contentId: z.string(),
  reportReason,
  description: z.string(),
  filedAt: z.string(),
});
export const reportReviewStarted = z.object({ reportId: z.string(), moderatorId: z.string(), startedAt: z.string() });
/** `contentRemoved`: the moderator decided the content goes (Remove Content); its removal follows from this event. */
export const reportResolved = z.object({
  reportId: z.string(),
  moderatorId: z.string(),
  note: z.string(),
  contentRemoved: z.boolean(),
  resolvedAt: z.string(),
});
/**
 * A reporter's Idempotency-Key names the report it filed, on `reportkey-{hash of reporter and key}`:
 * the report's own stream derives from the content, so a retry with another body would otherwise
 * land on another stream and file a second report instead of being refused (422).
 */
export const reportKeyStreamName = (keyId: string) => `reportkey-${keyId}`;
export const reportKeyClaimed = z.object({ reportId: z.string(), reporterId: z.string() });
export const reportDismissed = z.object({
  reportId: z.string(),
  moderatorId: z.string(),
  note: z.string(),
  dismissedAt: z.string(),
});

/**
 * What moderation does to the content itself, appended to the CONTENT'S OWN stream (post-{id} for
 * videos and text posts, comment-{id}, story-{id}, livestream-{id}, user-{id} for a user,
 * conversation-{a}-{b} for a message), so the content's history holds its whole life. Several items
 * share a conversation stream, hence `contentType` and `contentId` on every event.
 *
 * - ContentRemoved: a moderator removed it (Remove Content), resolving `reportIds` together. Every
 *   read model drops it; a removed user is suspended (profile and posts gone from public reads).
 * - ContentHidden: `reporterCount` distinct users reported it, reaching the auto-hide threshold;
 *   only its author and moderators see it until a moderator decides.
 * - ContentRestored: every open report on a hidden item was dismissed; it is shown again.
 */
export const contentRemoved = z.object({
  contentType,
  contentId: z.string(),
  authorId: z.string(),
  moderatorId: z.string(),
  reportIds: z.array(z.string()),
  note: z.string(),
  removedAt: z.string(),
});
export const contentHidden = z.object({
  contentType,
  contentId: z.string(),
  reporterCount: z.number().int(),
  hiddenAt: z.string(),
});
export const contentRestored = z.object({
  contentType,
  contentId: z.string(),
  moderatorId: z.string(),
  restoredAt: z.string(),
});
/**
 * An admin reinstated a suspended (removed) user, on the user's own stream (`user-{id}`): sign-in
 * works again, the profile is shown again, and reports filed before it no longer count toward
 * hiding the user.
 */
export const accountReinstated = z.object({
  userId: z.string(),
  adminId: z.string(),
  note: z.string(),
  reinstatedAt: z.string(),
});

/** The moderation settings, stream `moderationsettings-global`: each change records the whole new settings. */
export const MODERATION_SETTINGS_STREAM = 'moderationsettings-global';
export const moderationSettingsChanged = z.object({
  autoHideThreshold: z.number().int(),
  reportReasons: z.array(z.enum(REPORT_REASONS)).min(1),
  changedBy: z.string(),
  changedAt: z.string(),
});

export const moderationEventSchemas = {
  ReportFiled: reportFiled,
  ReportReviewStarted: reportReviewStarted,
  ReportResolved: reportResolved,
  ReportDismissed: reportDismissed,
  ReportKeyClaimed: reportKeyClaimed,
  ContentRemoved: contentRemoved,
  ContentHidden: contentHidden,
  ContentRestored: contentRestored,
  AccountReinstated: accountReinstated,
  ModerationSettingsChanged: moderationSettingsChanged,
} as const;

export type ModerationEventType = keyof typeof moderationEventSchemas;
export type ModerationEvent = {
  [K in ModerationEventType]: { readonly type: K; readonly data: z.infer<(typeof moderationEventSchemas)[K]> };
}[ModerationEventType];
