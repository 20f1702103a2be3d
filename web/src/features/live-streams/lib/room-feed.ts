import type { ReceivedGift, ServerMessage, StreamChatMessage } from '@myworld/schemas';

/**
 * The room's chat as it shows: chat lines and received gifts (with their messages), in the order
 * the room's socket delivered them. Gifts are not in the chat's history: a page sees those paid
 * while it is open.
 */
export type RoomFeedItem =
  | { readonly kind: 'chat'; readonly key: string; readonly message: StreamChatMessage }
  | { readonly kind: 'gift'; readonly key: string; readonly gift: ReceivedGift };

const chatItem = (message: StreamChatMessage): RoomFeedItem => ({ kind: 'chat', key: `chat:${message.id}`, message });

/**
 * `feed` with `m` added when it is a chat line or gift of `streamId` not yet in it (the socket may
 * deliver one twice); the same `feed` otherwise. At most `max` items are kept, the newest.
 */
export function addToFeed(
  feed: readonly RoomFeedItem[],
  m: ServerMessage,
  streamId: string,
  max = Infinity,
): readonly RoomFeedItem[] {
  if (!('streamId' in m) || m.streamId !== streamId) return feed;
  const item =
    m.type === 'chat_message'
      ? chatItem(m.message)
      : m.type === 'gift_received'
        ? ({ kind: 'gift', key: `gift:${m.gift.id}`, gift: m.gift } as const)
        : null;
  if (!item || feed.some((i) => i.key === item.key)) return feed;
  return [...feed, item].slice(-max);
}

/** The chat's history (older, fetched when the page opened), then the live feed, each line once. */
export function feedAfterHistory(
  history: readonly StreamChatMessage[],
  feed: readonly RoomFeedItem[],
): readonly RoomFeedItem[] {
  const live = new Set(feed.map((i) => i.key));
  return [...history.map(chatItem).filter((i) => !live.has(i.key)), ...feed];
}
