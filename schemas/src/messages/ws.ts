import { z } from 'zod';
import { directMessage } from './http.ts';

/**
 * Direct messages on /ws (server to client only): `new_message` to the receiver's and the sender's
 * other sockets, on every API instance (through Redis), with the receiver's total unread count;
 * `conversation_read` to the reader's other sockets, so badges update everywhere.
 */
export const directMessageServerMessages = [
  z.object({ type: z.literal('new_message'), message: directMessage, totalUnread: z.number().int().nonnegative() }),
  z.object({ type: z.literal('conversation_read'), otherUserId: z.string(), totalUnread: z.number().int().nonnegative() }),
] as const;
