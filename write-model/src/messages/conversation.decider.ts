import { DIRECT_MESSAGE_MESSAGES, MESSAGE_MAX, type DirectMessageEvent } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolveConversation, initialConversationState, type ConversationState } from './conversation.state.ts';

/** Commands on a conversation between two users; that the receiver exists is checked before (the route). */
export type ConversationCommand =
  | {
      readonly type: 'SendMessage';
      readonly messageId: string;
      readonly senderId: string;
      readonly receiverId: string;
      readonly content: string;
      readonly now: Date;
    }
  | {
      readonly type: 'MarkConversationRead';
      readonly readerId: string;
      readonly otherUserId: string;
      readonly now: Date;
    };

/** Nobody has a conversation with themselves: 400 naming the route's field for the other user. */
export const cannotMessageSelf = (field: string) =>
  new DomainError('cannot_message_self', DIRECT_MESSAGE_MESSAGES.cannotMessageSelf, 400, field);

export function decideConversation(command: ConversationCommand, state: ConversationState): DirectMessageEvent[] {
  switch (command.type) {
    case 'SendMessage': {
      // Decided without the conversation's state, which conversation.store.ts relies on: it appends messages without reading the stream.
      const { messageId, senderId, receiverId, now } = command;
      if (senderId === receiverId) throw cannotMessageSelf('receiverId');
      const content = command.content.trim();
      if (content.length === 0)
        throw new DomainError('content_required', DIRECT_MESSAGE_MESSAGES.contentRequired, 400, 'content');
      if (content.length > MESSAGE_MAX)
        throw new DomainError('message_too_long', DIRECT_MESSAGE_MESSAGES.tooLong, 400, 'content');
      return [{ type: 'MessageSent', data: { messageId, senderId, receiverId, content, sentAt: now.toISOString() } }];
    }
    case 'MarkConversationRead': {
      const { readerId, otherUserId, now } = command;
      if (readerId === otherUserId) throw cannotMessageSelf('otherUserId');
      // Nothing received since the last read: reading again is not a new fact.
      if ((state.unread[readerId] ?? 0) === 0) return [];
      return [{ type: 'ConversationRead', data: { readerId, otherUserId, readAt: now.toISOString() } }];
    }
  }
}

export const conversationDecider: Decider<ConversationState, ConversationCommand, DirectMessageEvent> = {
  initialState: initialConversationState,
  decide: decideConversation,
  evolve: evolveConversation,
};
