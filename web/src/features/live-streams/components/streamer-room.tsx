import type { ReceivedGift, StreamChatMessage } from '@myworld/schemas';
import { broadcastSession } from '../lib/broadcast-session.ts';
import { StreamChat } from './stream-chat.tsx';

interface StreamerRoomProps {
  chat: readonly StreamChatMessage[];
  gifts: readonly ReceivedGift[];
  viewerCount: number;
  streamerId: string | null;
}

/**
 * Beside the broadcast on /go-live: what the room says and sends, as the viewers see it (the chat,
 * where the streamer can answer, and each gift with its sender and message) and how many watch.
 */
export function StreamerRoom({ chat, gifts, viewerCount, streamerId }: StreamerRoomProps) {
  return (
    <section className="streamer-room card" aria-label="Your room" data-testid="streamer-room">
      <header className="streamer-room__head">
        <h2 className="streamer-room__title">Your room</h2>
        <span className="muted" data-testid="streamer-room-viewers">
          {viewerCount} {viewerCount === 1 ? 'viewer' : 'viewers'}
        </span>
      </header>
      {gifts.length > 0 && (
        <ul className="streamer-room__gifts" aria-label="Gifts received" data-testid="streamer-room-gifts">
          {gifts.map((g) => (
            <li key={g.id} className="streamer-room__gift" data-testid="streamer-room-gift">
              <strong>@{g.sender.username ?? 'someone'}</strong> sent {g.quantity} × {g.giftType}
              {g.message && <span className="streamer-room__gift-message">“{g.message}”</span>}
            </li>
          ))}
        </ul>
      )}
      <StreamChat
        messages={chat}
        onSend={(content) => broadcastSession.sendChat(content)}
        connected
        viewerId={streamerId}
      />
    </section>
  );
}
