import { z } from 'zod';

/**
 * Events of a conversation between two users, stream `conversation-{idA}-{idB}` with the ids
 * sorted, so both sides name the same stream: messages sent, and each side reading up to a time.
 */
export const conversationStreamName = (a: string, b: string) =>
  a < b ? `conversation-${a}-${b}` : `conversation-${b}-${a}`;

export const messageSent = z.object({
  messageId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  sentAt: z.string(),
});
export const conversationRead = z.object({ readerId: z.string(), otherUserId: z.string(), readAt: z.string() });

export const directMessageEventSchemas = {
  MessageSent: messageSent,
  ConversationRead: conversationRead,
} as const;

export type DirectMessageEventType = keyof typeof directMessageEventSchemas;
export type DirectMessageEvent = {
  [K in DirectMessageEventType]: { readonly type: K; readonly data: z.infer<(typeof directMessageEventSchemas)[K]> };
}[DirectMessageEventType];
