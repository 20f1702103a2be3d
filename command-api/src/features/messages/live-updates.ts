import { unreadTotalWithout, unreadTotals, type ConversationsDb } from '@myworld/projections';
import { readEvent } from '@myworld/schemas';
import type { Platform } from '../../platform/feature.ts';
import type { LiveReaction } from '../../platform/reactors/live-reactor.ts';
import { userRoom } from '../../platform/ws/gateway.ts';
import { toDirectMessage } from './direct-message.ts';

/**
 * The caller's total unread right after they read the conversation with `otherUserId`: the read
 * model's total as it is now without what it still counts unread there (one statement, no wait:
 * commands never wait for read models). The count the client can compute from the command.
 */
export async function unreadTotalAfterReading(platform: Platform, userId: string, otherUserId: string) {
  return unreadTotalWithout(await platform.readModels.query<ConversationsDb>('conversations'), userId, otherUserId);
}

/**
 * What each API instance's live reactor tells its own sockets (each instance pushes once to its
 * own; none reads anything while nobody it holds is concerned):
 * - MessageSent: `new_message` to the receiver's and the sender's sockets, each with its own
 *   user's total unread from the conversations read model (the reactor waits, bounded, for it to
 *   hold the message; a projection further behind makes a total miss it until the next push);
 * - ConversationRead: `conversation_read` to the reader's sockets (their other tabs and devices).
 */
export function messageReactions(platform: Platform): readonly LiveReaction[] {
  const { gateway, readModels } = platform;
  const totals = async (userIds: readonly string[]) =>
    unreadTotals(await readModels.query<ConversationsDb>('conversations'), userIds);
  return [
    {
      name: 'messages: new_message',
      types: ['MessageSent'],
      readModels: ['conversations'],
      handle: async (recorded) => {
        const event = readEvent(recorded);
        if (event?.type !== 'MessageSent') return;
        const users = [event.data.receiverId, event.data.senderId].filter((id) => gateway.hasHere(userRoom(id)));
        if (users.length === 0) return;
        const unread = await totals(users);
        const message = toDirectMessage(event.data);
        for (const userId of users)
          gateway.deliverHere(userRoom(userId), { type: 'new_message', message, totalUnread: unread.get(userId) ?? 0 });
      },
    },
    {
      name: 'messages: conversation_read',
      types: ['ConversationRead'],
      readModels: ['conversations'],
      handle: async (recorded) => {
        const event = readEvent(recorded);
        if (event?.type !== 'ConversationRead') return;
        const { readerId, otherUserId } = event.data;
        if (!gateway.hasHere(userRoom(readerId))) return;
        const totalUnread = (await totals([readerId])).get(readerId) ?? 0;
        gateway.deliverHere(userRoom(readerId), { type: 'conversation_read', otherUserId, totalUnread });
      },
    },
  ];
}
