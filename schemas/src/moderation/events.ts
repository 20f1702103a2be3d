import { z } from 'zod';
import { contentType, reportReason } from './rules.ts';

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
export const reportResolved = z.object({ reportId: z.string(), moderatorId: z.string(), note: z.string(), contentRemoved: z.boolean(), resolvedAt: z.string() });
export const reportDismissed = z.object({ reportId: z.string(), moderatorId: z.string(), note: z.string(), dismissedAt: z.string() });

export const moderationEventSchemas = {
  ReportFiled: reportFiled,
  ReportReviewStarted: reportReviewStarted,
  ReportResolved: reportResolved,
  ReportDismissed: reportDismissed,
} as const;

export type ModerationEventType = keyof typeof moderationEventSchemas;
export type ModerationEvent = {
  [K in ModerationEventType]: { readonly type: K; readonly data: z.infer<(typeof moderationEventSchemas)[K]> };
}[ModerationEventType];
