import { fileReportBody, filedReportResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { moderationRoute } from '../context.ts';
import { fileReport } from '../report.store.ts';

/**
 * Reports content to the moderators. One open report per reporter per content item (409
 * already_reported naming contentId); after it is resolved or dismissed the item may be reported
 * again. Whether the content exists is not checked yet (the content read models join later).
 */
export const fileReportRoute = moderationRoute({
  method: 'POST',
  url: '/api/reports',
  summary: 'Report content',
  description: 'contentType: video, text_post, comment, user, story, stream or message; reportReason from the fixed list; description at most 1,000 characters. 409 already_reported while your earlier report on the same item is pending or under review.',
  config: { auth: 'user', command: 'FileReport' },
  schema: { body: fileReportBody, response: { 201: withPosition(filedReportResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const result = await fileReport(ctx.store, { type: 'FileReport', reporterId: userId, ...request.body, now: new Date() }, commandContext(request, userId));
    const state = result.state;
    if (state.status === 'none') throw new Error('a filed report was answered without its state');
    const { reportId: id, contentType, contentId, reportReason, description, status, createdAt } = state;
    return replyWithPosition(reply, result.position, { report: { id, contentType, contentId, reportReason, description, status, createdAt } }, 201);
  },
});
