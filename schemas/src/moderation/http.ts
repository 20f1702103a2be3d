import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';
import { MODERATION_MESSAGES } from './messages.ts';
import {
  CONTENT_VISIBILITIES,
  MODERATOR_NOTE_MAX,
  REPORT_DESCRIPTION_MAX,
  REPORT_SEARCH_MAX,
  contentType,
  reportReason,
  reportStatus,
} from './rules.ts';

/** The HTTP bodies of /api/reports. */

/** POST /api/reports: what is reported and why. */
export const fileReportBody = z.object({
  contentType,
  contentId: z.string().trim().min(1, 'contentId is required').max(200, 'contentId is at most 200 characters'),
  reportReason,
  description: z.string().trim().max(REPORT_DESCRIPTION_MAX, MODERATION_MESSAGES.descriptionTooLong).default(''),
});
export type FileReportBody = z.input<typeof fileReportBody>;

export const reportIdParam = z.object({ id: z.uuid('the report id must be a UUID') });

/** GET /api/reports: optional status and search (description, reporter, content id), and the page cursor. */
export const reportsQuery = z.object({
  status: reportStatus.optional(),
  search: z.string().trim().max(REPORT_SEARCH_MAX, `search is at most ${REPORT_SEARCH_MAX} characters`).optional(),
  cursor: pageCursor.optional(),
});

/** PUT /api/reports/{id}: the new status; the note defaults to "Content removed for policy violation" (resolved) or "No policy violation found" (dismissed). */
export const moderateReportBody = z.object({
  status: reportStatus,
  moderatorNote: z.string().trim().max(MODERATOR_NOTE_MAX, MODERATION_MESSAGES.noteTooLong).optional(),
});
export type ModerateReportBody = z.input<typeof moderateReportBody>;

/**
 * A report as moderators see it, plus the reporter's id and the content's id, type and visibility. The
 * content's title, description and author are null where the reports read model does not know
 * them (a message's text is private; an id no content has).
 */
export const report = z.object({
  id: z.string(),
  contentType,
  contentId: z.string(),
  reportReason,
  description: z.string(),
  status: reportStatus,
  moderatorNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reporter: z.object({ id: z.string(), username: z.string().nullable(), profileImageUrl: z.string().nullable() }),
  content: z.object({
    id: z.string(),
    type: contentType,
    title: z.string().nullable(),
    description: z.string().nullable(),
    user: z.object({ username: z.string() }).nullable(),
    /** visible, hidden (auto-hidden pending review) or removed (by a moderator). */
    visibility: z.enum(CONTENT_VISIBILITIES),
  }),
});
export type Report = z.infer<typeof report>;
export const reportsResponse = z.array(report);

/** POST /api/reports answers the filed report as its reporter sees it. */
export const filedReportResponse = z.object({
  report: z.object({
    id: z.string(),
    contentType,
    contentId: z.string(),
    reportReason,
    description: z.string(),
    status: reportStatus,
    createdAt: z.string(),
  }),
});
/** PUT /api/reports/{id}: the action's result. */
export const moderatedReportResponse = z.object({
  id: z.string(),
  status: reportStatus,
  moderatorNote: z.string().nullable(),
  updatedAt: z.string(),
});

/** POST /api/admin/users/{userId}/reinstate: the user to reinstate, and an optional note for the record. */
export const reinstateUserParams = z.object({ userId: z.uuid('the user id must be a UUID') });
export const reinstateUserBody = z.object({
  note: z.string().trim().max(MODERATOR_NOTE_MAX, MODERATION_MESSAGES.noteTooLong).optional(),
});
export const reinstatedUserResponse = z.object({
  userId: z.string(),
  suspended: z.literal(false),
  reinstatedAt: z.string(),
});
