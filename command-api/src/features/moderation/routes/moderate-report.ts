import { moderateReportBody, moderatedReportResponse, reportIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { moderationRoute } from '../context.ts';
import { runReportCommand } from '@myworld/write-model/moderation';
import { checkModeratorMayAct } from '../moderator-conflicts.ts';

/**
 * A moderator acts on a report: Review (reviewing), Remove Content (resolved) or Dismiss
 * (dismissed). The report machine: pending -> reviewing; pending or reviewing -> resolved or
 * dismissed; anything else is 409 illegal_transition. Resolved and dismissed take a default note
 * when none is given ("Content removed for policy violation", "No policy violation found"). Remove Content also resolves the item's other open reports with the same
 * note and removes the item, and dismissing the last open report of a hidden item shows it again:
 * both follow from the report's event in moderation's reactor (policies.ts, in the workers), so the
 * answer covers the report's own event only. A moderator never acts on a report they
 * filed nor on their own content (403), and removing (suspending) a staff member takes an admin.
 */
export const moderateReport = moderationRoute({
  method: 'PUT',
  url: '/api/reports/:id',
  summary: 'Act on a report (moderators)',
  description:
    'status: reviewing, resolved or dismissed; moderatorNote (1,000 characters) defaults to "Content removed for policy violation" (resolved) or "No policy violation found" (dismissed). resolved (Remove Content) resolves every open report on the same item with that note and removes the item; its author is told (content_removed on /ws). Dismissing the last open report of an auto-hidden item shows it again. Both follow moments after the answer, whose position covers the report\'s own event. 404 for an unknown report, 409 illegal_transition for a move the report machine does not allow. 403 own_report on a report you filed, own_content on a report about your own content, forbidden when removing (suspending) a user who holds a staff role without being an admin. Send an Idempotency-Key to retry safely.',
  config: { auth: 'moderator', command: 'ModerateReport', limit: 'staffActions' },
  schema: { params: reportIdParam, body: moderateReportBody, response: { 200: withPosition(moderatedReportResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const { status, moderatorNote } = request.body;
    const context = commandContext(request, userId);
    const contentAuthorId = await checkModeratorMayAct(ctx, id, userId, status);
    const result = await runReportCommand(
      ctx.store,
      id,
      { type: 'ModerateReport', moderatorId: userId, status, note: moderatorNote, contentAuthorId, now: new Date() },
      context,
    );
    const state = result.state;
    if (state.status === 'none') throw new Error(`report ${id} was answered without its state`);
    return replyWithPosition(reply, result.position, {
      id,
      status: state.status,
      moderatorNote: state.moderatorNote,
      updatedAt: state.updatedAt,
    });
  },
});
