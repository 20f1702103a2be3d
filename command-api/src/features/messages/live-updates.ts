import { unreadTotals, type ConversationsDb } from '@myworld/projections';
import type { DirectMessage, Position } from '@myworld/schemas';
import type { Platform } from '../../platform/feature.ts';
import { userRoom } from '../../platform/ws/gateway.ts';

/**
 * Each user's total unread from the `conversations` read model once it has applied `position`
 * (waiting at most MIN_POSITION_WAIT_MS, as read-your-writes reads do; past that, the totals as
 * they are, and `caughtUp` false). The totals are counters the read model keeps; nothing is counted here.
 */
export async function unreadTotalsAfter(
  platform: Platform,
  position: Position | null,
  userIds: readonly string[],
): Promise<{ totals: Map<string, number>; caughtUp: boolean }> {
  const caughtUp = position
    ? await platform.readModels.waitFor('conversations', position, platform.config.MIN_POSITION_WAIT_MS)
    : true;
  return {
    totals: await unreadTotals(await platform.readModels.query<ConversationsDb>('conversations'), userIds),
    caughtUp,
  };
}

/**
 * `new_message` to every socket of the receiver and of the sender, on every API instance (their
 * user rooms, through Redis), each with its own user's total unread once the read model has the
 * message (it lags by milliseconds; only a projection more than MIN_POSITION_WAIT_MS behind makes a
 * total miss it, logged, and the next push or read corrects it). Runs beside the answer to the
 * sender; a failure is logged, never the sender's error.
 */
export function announceNewMessage(platform: Platform, message: DirectMessage, position: Position): void {
  const push = async () => {
    const users = [message.receiverId, message.senderId];
    const { totals, caughtUp } = await unreadTotalsAfter(platform, position, users);
    if (!caughtUp)
      platform.logger.warn(
        { messageId: message.id },
        'new_message pushed before the conversations read model had it: totalUnread may be behind',
      );
    await Promise.all(
      users.map((userId) =>
        platform.gateway.publish(userRoom(userId), {
          type: 'new_message',
          message,
          totalUnread: totals.get(userId) ?? 0,
        }),
      ),
    );
  };
  push().catch((error: unknown) =>
    platform.logger.warn({ err: error, messageId: message.id }, 'new_message push failed'),
  );
}

/** `conversation_read` to every socket of the reader (their other tabs and devices update their badges). */
export function announceConversationRead(
  platform: Platform,
  readerId: string,
  otherUserId: string,
  totalUnread: number,
): void {
  platform.gateway
    .publish(userRoom(readerId), { type: 'conversation_read', otherUserId, totalUnread })
    .catch((error: unknown) => platform.logger.warn({ err: error, readerId }, 'conversation_read push failed'));
}
