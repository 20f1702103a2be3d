import { conversationReadResponse, otherUserParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { messagesRoute } from '../context.ts';
import { recordRead } from '@myworld/write-model/messages';
import { unreadTotalAfterReading } from '../live-updates.ts';

/** Marks the caller's conversation with {otherUserId} read; the caller's sockets get `conversation_read` (live-updates.ts). */
export const markConversationRead = messagesRoute({
  method: 'PUT',
  url: '/api/messages/:otherUserId/read',
  summary: 'Mark a conversation read',
  description:
    "Always the caller's own conversation with {otherUserId}. Records ConversationRead when something was unread (nothing otherwise: position null) and answers the caller's totalUnread across conversations. 400 naming otherUserId for yourself.",
  config: { auth: 'user', command: 'MarkConversationRead', limit: 'otherWrites' },
  schema: { params: otherUserParam, body: noBody, response: { 200: withPosition(conversationReadResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { otherUserId } = request.params;
    const command = { type: 'MarkConversationRead', readerId: userId, otherUserId, now: new Date() } as const;
    const result = await recordRead(ctx.store, command, commandContext(request, userId));
    const totalUnread = await unreadTotalAfterReading(ctx, userId, otherUserId);
    return replyWithPosition(reply, result.position, { unreadCount: 0 as const, totalUnread });
  },
});
