import {
  MESSAGES_PAGE_SIZE,
  PLATFORM_MESSAGES,
  messagesQuery,
  messagesResponse,
  otherUserParam,
} from '@myworld/schemas';
import { conversationMessages, type ConversationsDb } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { messagesRoute } from '../context.ts';
import { cannotMessageSelf } from '@myworld/write-model/messages';

/**
 * The messages between the caller and {otherUserId}, oldest first. The conversation is always the
 * caller's own with that user: nobody can name anyone else's.
 */
export const listMessages = messagesRoute({
  method: 'GET',
  url: '/api/messages/:otherUserId',
  summary: 'Your messages with one user',
  description: `Oldest first: the latest ${MESSAGES_PAGE_SIZE}, or with ?before={messageId} the ${MESSAGES_PAGE_SIZE} before that message (a page shorter than that is the start of the conversation). Always the caller's own conversation with {otherUserId}: [] when there is none. 400 naming otherUserId for yourself; 400 naming before for a message not in this conversation.`,
  config: { auth: 'user', readModel: 'conversations' },
  schema: { params: otherUserParam, querystring: messagesQuery, response: { 200: messagesResponse } },
  handler: async ({ request, ctx, userId }) => {
    const { otherUserId } = request.params;
    if (otherUserId === userId) throw cannotMessageSelf('otherUserId');
    const db = await ctx.readModels.query<ConversationsDb>('conversations');
    const messages = await conversationMessages(db, userId, otherUserId, {
      limit: MESSAGES_PAGE_SIZE,
      ...(request.query.before ? { before: request.query.before } : {}),
    });
    if (!messages) throw new DomainError('validation_failed', PLATFORM_MESSAGES.badCursor, 400, 'before');
    return messages;
  },
});
