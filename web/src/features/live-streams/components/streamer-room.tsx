import { broadcastSession } from '../lib/broadcast-session.ts';
import type { RoomFeedItem } from '../lib/room-feed.ts';
import { StreamChat } from './stream-chat.tsx';

interface StreamerRoomProps {
  feed: readonly RoomFeedItem[];
  viewerCount: number;
  streamerId: string | null;
}

/**
 * Beside the broadcast on /go-live: what the room says and sends, as the viewers see it (the chat,
 * where the streamer can answer, with each gift, its sender and message) and how many watch.
 */
export function StreamerRoom({ feed, viewerCount, streamerId }: StreamerRoomProps) {
  return (
    <section className="streamer-room card" aria-label="Your room" data-testid="streamer-room">
      <header className="streamer-room__head">
        <h2 className="streamer-room__title">Your room</h2>
        <span className="muted" data-testid="streamer-room-viewers">
          {viewerCount} {viewerCount === 1 ? 'viewer' : 'viewers'}
        </span>
      </header>
      <StreamChat
        feed={feed}
        onSend={(content) => broadcastSession.sendChat(content)}
        connected
        viewerId={streamerId}
      />
    </section>
  );
}
