import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';
import { DIRECT_MESSAGE_MESSAGES } from './messages.ts';
import { MESSAGE_MAX } from './rules.ts';

/** The HTTP bodies of /api/messages and /api/conversations. */

export const sendMessageBody = z.object({
  receiverId: z.uuid('receiverId must be a user id'),
  content: z
    .string({ error: DIRECT_MESSAGE_MESSAGES.contentRequired })
    .trim()
    .min(1, DIRECT_MESSAGE_MESSAGES.contentRequired)
    .max(MESSAGE_MAX, DIRECT_MESSAGE_MESSAGES.tooLong),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** A direct message as the API answers it. */
export const directMessage = z.object({
  id: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof directMessage>;
export const sendMessageResponse = z.object({ message: directMessage });

/** A conversation of the list (otherUser also carries the username, for links). */
export const conversation = z.object({
  otherUser: z.object({
    id: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
  lastMessage: z.object({ content: z.string(), createdAt: z.string(), senderId: z.string() }),
  unreadCount: z.number().int().nonnegative(),
});
export type Conversation = z.infer<typeof conversation>;
/** GET /api/conversations: newest first (by last message). */
export const conversationsResponse = z.array(conversation);
/** GET /api/conversations?cursor=: CONVERSATIONS_PAGE_SIZE a page, the next page's cursor in X-Next-Cursor. */
export const conversationsQuery = z.object({ cursor: pageCursor.optional() });

export const otherUserParam = z.object({ otherUserId: z.uuid('the user id must be a UUID') });
/** GET /api/messages/{otherUserId}?before={messageId}: the page of messages before that one, oldest first. */
export const messagesQuery = z.object({ before: z.uuid('before must be a message id').optional() });
export const messagesResponse = z.array(directMessage);
export const conversationReadResponse = z.object({
  unreadCount: z.literal(0),
  totalUnread: z.number().int().nonnegative(),
});
