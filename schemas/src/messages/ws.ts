import { z } from 'zod';
import { directMessage } from './http.ts';

/**
 * Direct messages on /ws (server to client only): `new_message` to the receiver's and the sender's
 * other sockets, on every API instance (through Redis); `conversation_read` to the reader's other
 * sockets, so badges update everywhere. `totalUnread` is always the unread count of the user whose
 * socket gets the message (the receiver's own total on the receiver's sockets, the sender's own on
 * the sender's).
 */
export const directMessageServerMessages = [
  z.object({ type: z.literal('new_message'), message: directMessage, totalUnread: z.number().int().nonnegative() }),
  z.object({
    type: z.literal('conversation_read'),
    otherUserId: z.string(),
    totalUnread: z.number().int().nonnegative(),
  }),
] as const;
