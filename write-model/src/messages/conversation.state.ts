import type { DirectMessageEvent } from '@myworld/schemas';

/**
 * One conversation (stream `conversation-{idA}-{idB}`, ids sorted) as its events leave it: how many
 * messages each participant has received since they last read it. The read model keeps the same
 * counts; here they decide whether reading records anything.
 */
export interface ConversationState {
  readonly unread: Readonly<Record<string, number>>;
}

export const initialConversationState = (): ConversationState => ({ unread: {} });

export function evolveConversation(state: ConversationState, event: DirectMessageEvent): ConversationState {
  switch (event.type) {
    case 'MessageSent':
      return { unread: { ...state.unread, [event.data.receiverId]: (state.unread[event.data.receiverId] ?? 0) + 1 } };
    case 'ConversationRead':
      return { unread: { ...state.unread, [event.data.readerId]: 0 } };
    default:
      // Moderation's events on this stream (ContentRemoved, ContentHidden, ContentRestored) do not change it.
      return state;
  }
}
