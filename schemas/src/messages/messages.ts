import { MESSAGE_MAX } from './rules.ts';

/** Every user-facing text of direct messages, each defined once (an unknown receiver is FOLLOW_MESSAGES.userNotFound). */
export const DIRECT_MESSAGE_MESSAGES = {
  cannotMessageSelf: 'You cannot send a message to yourself',
  contentRequired: 'Write a message first',
  tooLong: `A message is at most ${MESSAGE_MAX.toLocaleString('en-US')} characters`,
  noConversations: 'No conversations yet',
  noMessages: 'Say hello!',
  /** Beside the list on a wide screen, before a conversation is open. */
  chooseConversation: 'Choose a conversation to read it here',
  sendFailed: 'Failed to send message',
} as const;
