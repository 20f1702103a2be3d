import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerMessage } from '@myworld/schemas';
import { startViewing, type PeerMedia, type Viewing } from '../lib/live-media-client.ts';
import { addToFeed, type RoomFeedItem } from '../lib/room-feed.ts';
import { exposeStats, markJoinStep } from '../lib/stats-probe.ts';
import { StreamSocket } from '../lib/stream-socket.ts';

export interface StreamRoom {
  /** The socket is open and the room joined. */
  readonly connected: boolean;
  readonly role: 'streamer' | 'viewer' | null;
  readonly viewerCount: number | null;
  /** One entry per producing peer: the streamer, and the duet partner during a duet. */
  readonly peers: readonly PeerMedia[];
  /** The room's socket once joined (duets produce over it; gifts and duets listen on it). */
  readonly socket: StreamSocket | null;
  /** Live chat and the gifts received since the page opened, in the order they came. */
  readonly feed: readonly RoomFeedItem[];
  readonly ended: boolean;
  readonly error: string | null;
  sendChat(content: string): boolean;
}

/**
 * A stream page's socket: joins the room, receives the media when `receiveMedia` (one stream per
 * producing peer: for viewers, and for the streamer watching from a page that does not broadcast;
 * the broadcasting page shows its own camera instead), and collects chat, gifts, viewer counts and
 * the end. The server counts the streamer's sockets as the streamer, never as viewers.
 */
export function useStreamRoom(streamId: string, enabled: boolean, receiveMedia = true): StreamRoom {
  const [connected, setConnected] = useState(false);
  const [role, setRole] = useState<'streamer' | 'viewer' | null>(null);
  const [viewerCount, setViewerCount] = useState<number | null>(null);
  const [peers, setPeers] = useState<readonly PeerMedia[]>([]);
  const [joinedSocket, setJoinedSocket] = useState<StreamSocket | null>(null);
  const [feed, setFeed] = useState<readonly RoomFeedItem[]>([]);
  const [ended, setEnded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const socketRef = useRef<StreamSocket | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let socket: StreamSocket | null = null;
    let viewing: Viewing | null = null;
    const onMessage = (m: ServerMessage) => {
      if (cancelled) return;
      if (m.type === 'chat_message' || m.type === 'gift_received') setFeed((f) => addToFeed(f, m, streamId));
      if ((m.type === 'viewer_joined' || m.type === 'viewer_left') && m.streamId === streamId)
        setViewerCount(m.viewerCount);
      if (m.type === 'stream_ended' && m.streamId === streamId) setEnded(true);
    };
    (async () => {
      socket = await StreamSocket.connect();
      markJoinStep('socket-open');
      if (cancelled) return socket.close();
      socketRef.current = socket;
      socket.subscribe(onMessage);
      socket.onClose(({ message }) => {
        if (cancelled) return;
        setConnected(false);
        // The server closed it on purpose (too many tabs, signed out elsewhere): say so.
        if (message) setError(message);
      });
      const joining = socket.join(streamId);
      // The media requests go right behind join_stream (the server answers them in order): the
      // viewer's transport is created while the join is answered, not a round trip after it.
      const receiving = receiveMedia ? startViewing(socket, streamId, (p) => !cancelled && setPeers(p)) : null;
      // When the join is refused, so are the media requests: the join's error is the one to show.
      receiving?.catch(() => undefined);
      const joined = await joining;
      markJoinStep('joined');
      if (cancelled)
        return void receiving?.then(
          (v) => v.close(),
          () => undefined,
        );
      setRole(joined.role);
      setViewerCount(joined.viewerCount);
      setConnected(true);
      setJoinedSocket(socket);
      if (!receiving) return;
      viewing = await receiving;
      if (cancelled) return viewing.close();
      // Every inbound track of the room (two videos during a duet) is in the one transport's stats.
      exposeStats('viewing', () => viewing?.getStats() ?? Promise.resolve(null));
      if (viewing.peers().length > 0) setPeers(viewing.peers());
    })().catch((e: unknown) => {
      if (!cancelled) setError(e instanceof Error ? e.message : 'Could not connect to the stream');
    });
    return () => {
      cancelled = true;
      viewing?.close();
      socket?.close();
      socketRef.current = null;
      setJoinedSocket(null);
      setPeers([]);
      setConnected(false);
    };
    // The SFU gives a socket one receive transport: receiving or not is decided per socket.
  }, [streamId, enabled, receiveMedia]);

  const sendChat = useCallback(
    (content: string) => {
      const socket = socketRef.current;
      if (!socket?.isOpen || content.trim().length === 0) return false;
      socket.send({ type: 'stream_chat', streamId, content: content.trim() });
      return true;
    },
    [streamId],
  );

  return { connected, role, viewerCount, peers, socket: joinedSocket, feed, ended, error, sendChat };
}
