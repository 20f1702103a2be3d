import { moderateReportBody, moderatedReportResponse, reportIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { moderationRoute } from '../context.ts';
import { runReportCommand } from '../report.store.ts';

/**
 * A moderator acts on a report: Review (reviewing), Remove Content (resolved) or Dismiss
 * (dismissed). The spec's machine: pending -> reviewing; pending or reviewing -> resolved or
 * dismissed; anything else is 409 illegal_transition. Resolved and dismissed take the spec's note
 * when none is given. Removing the content itself comes with a later step.
 */
export const moderateReport = moderationRoute({
  method: 'PUT',
  url: '/api/reports/:id',
  summary: 'Act on a report (moderators)',
  description: 'status: reviewing, resolved or dismissed; moderatorNote (1,000 characters) defaults to "Content removed for policy violation" (resolved) or "No policy violation found" (dismissed). 404 for an unknown report, 409 illegal_transition for a move the report machine does not allow.',
  config: { auth: 'moderator', command: 'ModerateReport' },
  schema: { params: reportIdParam, body: moderateReportBody, response: { 200: withPosition(moderatedReportResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const { status, moderatorNote } = request.body;
    const result = await runReportCommand(ctx.store, id, { type: 'ModerateReport', moderatorId: userId, status, note: moderatorNote, now: new Date() }, commandContext(request, userId));
    const state = result.state;
    if (state.status === 'none') throw new Error(`report ${id} was answered without its state`);
    return replyWithPosition(reply, result.position, { id, status: state.status, moderatorNote: state.moderatorNote, updatedAt: state.updatedAt });
  },
});
