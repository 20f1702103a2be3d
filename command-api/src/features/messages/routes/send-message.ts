import { FOLLOW_MESSAGES, MESSAGE_MAX, sendMessageBody, sendMessageResponse } from '@myworld/schemas';
import { newAggregateId, DomainError } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { messagesRoute } from '../context.ts';
import { userExists } from '../../accounts/user-exists.ts';
import { recordMessage } from '@myworld/write-model/messages';
import { toDirectMessage } from '../direct-message.ts';

/** Sends a direct message: 201 with the message; the receiver's and the sender's sockets get `new_message` (live-updates.ts). */
export const sendMessage = messagesRoute({
  method: 'POST',
  url: '/api/messages',
  summary: 'Send a direct message',
  description: `content is trimmed, 1-${MESSAGE_MAX} characters (400 naming content). Not to yourself (400 naming receiverId); an unknown receiver is 404 naming receiverId. Messages per user are limited (RATE_LIMIT_MESSAGES, default 60 a minute; 429 with Retry-After). With an Idempotency-Key a retry answers the same message and sends nothing again. Every socket of the receiver and of the sender (any API instance) gets new_message with its own user's totalUnread.`,
  config: { auth: 'user', command: 'SendMessage', limit: 'messages' },
  schema: { body: sendMessageBody, response: { 201: withPosition(sendMessageResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { receiverId, content } = request.body;
    const context = commandContext(request, userId);
    if (receiverId !== userId && !(await userExists(ctx.store, receiverId)))
      throw new DomainError('not_found', FOLLOW_MESSAGES.userNotFound, 404, 'receiverId');
    // A retry with the same Idempotency-Key names the same message (the key's events are found in the conversation).
    const messageId = newAggregateId(context, userId, `message:${receiverId}`);
    const result = await recordMessage(
      ctx.store,
      { type: 'SendMessage', messageId, senderId: userId, receiverId, content, now: new Date() },
      context,
    );
    const sent = result.events.find((e) => e.type === 'MessageSent');
    if (sent?.type !== 'MessageSent') throw new Error(`a message to ${receiverId} was answered without its event`);
    const message = toDirectMessage(sent.data);
    return replyWithPosition(reply, result.position, { message }, 201);
  },
});
