import { MODERATION_MESSAGES, fileReportBody, filedReportResponse } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { moderationRoute } from '../context.ts';
import { fileReport, currentModerationSettings } from '@myworld/write-model/moderation';

/**
 * Reports content to the moderators. One open report per reporter per content item (409
 * already_reported naming contentId); after it is resolved or dismissed the item may be reported
 * again. A reason the admins turned off is refused (400 naming reportReason). Whether the content
 * exists is not checked. Once the item's distinct trusted reporters (trust.ts) reach the auto-hide
 * threshold, moderation's reactor hides it (policies.ts, in the workers): the answer never waits for that.
 */
export const fileReportRoute = moderationRoute({
  method: 'POST',
  url: '/api/reports',
  summary: 'Report content',
  description:
    'contentType: video, text_post, comment, user, story, stream or message; reportReason from the fixed list, among those the moderation settings accept (400 naming reportReason otherwise); description at most 1,000 characters. 409 already_reported while your earlier report on the same item is pending or under review. The item is hidden pending review (moments after the answer: the platform decides it from the reports) once reported by as many distinct TRUSTED users as the auto-hide threshold: a verified email, an account at least REPORT_TRUST_MIN_ACCOUNT_AGE_DAYS (7) days old, no report dismissed in the REPORT_TRUST_DISMISSAL_WINDOW_DAYS (30) days before, never a report dismissed on this item, not about themselves. Other reports reach the queue only.',
  config: { auth: 'user', command: 'FileReport', limit: 'reports' },
  schema: { body: fileReportBody, response: { 201: withPosition(filedReportResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { reportReasons } = await currentModerationSettings(ctx);
    if (!reportReasons.includes(request.body.reportReason))
      throw new DomainError(
        'validation_failed',
        MODERATION_MESSAGES.reasonDisabled(request.body.reportReason),
        400,
        'reportReason',
      );
    const context = commandContext(request, userId);
    const result = await fileReport(
      ctx.store,
      { type: 'FileReport', reporterId: userId, ...request.body, now: new Date() },
      context,
    );
    const state = result.state;
    if (state.status === 'none') throw new Error('a filed report was answered without its state');
    const { reportId: id, contentType, contentId, reportReason, description, status, createdAt } = state;
    return replyWithPosition(
      reply,
      result.position,
      { report: { id, contentType, contentId, reportReason, description, status, createdAt } },
      201,
    );
  },
});
