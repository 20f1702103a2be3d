import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerMessage, StreamChatMessage } from '@myworld/schemas';
import { startViewing, type PeerMedia, type Viewing } from '../lib/live-media-client.ts';
import { exposeStats } from '../lib/stats-probe.ts';
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
  /** Live chat received since the page opened. */
  readonly chat: readonly StreamChatMessage[];
  readonly ended: boolean;
  readonly error: string | null;
  sendChat(content: string): boolean;
}

/**
 * A stream page's socket: joins the room, receives the media (as a viewer, one stream per
 * producing peer; the streamer's own page shows the room without consuming itself), and collects
 * chat, viewer counts and the end.
 */
export function useStreamRoom(streamId: string, enabled: boolean): StreamRoom {
  const [connected, setConnected] = useState(false);
  const [role, setRole] = useState<'streamer' | 'viewer' | null>(null);
  const [viewerCount, setViewerCount] = useState<number | null>(null);
  const [peers, setPeers] = useState<readonly PeerMedia[]>([]);
  const [joinedSocket, setJoinedSocket] = useState<StreamSocket | null>(null);
  const [chat, setChat] = useState<StreamChatMessage[]>([]);
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
      if (m.type === 'chat_message' && m.streamId === streamId)
        setChat((c) => (c.some((x) => x.id === m.message.id) ? c : [...c, m.message]));
      if ((m.type === 'viewer_joined' || m.type === 'viewer_left') && m.streamId === streamId)
        setViewerCount(m.viewerCount);
      if (m.type === 'stream_ended' && m.streamId === streamId) setEnded(true);
    };
    (async () => {
      socket = await StreamSocket.connect();
      if (cancelled) return socket.close();
      socketRef.current = socket;
      socket.subscribe(onMessage);
      socket.onClose(({ message }) => {
        if (cancelled) return;
        setConnected(false);
        // The server closed it on purpose (too many tabs, signed out elsewhere): say so.
        if (message) setError(message);
      });
      const joined = await socket.join(streamId);
      if (cancelled) return;
      setRole(joined.role);
      setViewerCount(joined.viewerCount);
      setConnected(true);
      setJoinedSocket(socket);
      if (joined.role === 'viewer') {
        viewing = await startViewing(socket, streamId, (p) => !cancelled && setPeers(p));
        if (cancelled) return viewing.close();
        // Every inbound track of the room (two videos during a duet) is in the one transport's stats.
        exposeStats('viewing', () => viewing?.getStats() ?? Promise.resolve(null));
        if (viewing.peers().length > 0) setPeers(viewing.peers());
      }
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
  }, [streamId, enabled]);

  const sendChat = useCallback(
    (content: string) => {
      const socket = socketRef.current;
      if (!socket?.isOpen || content.trim().length === 0) return false;
      socket.send({ type: 'stream_chat', streamId, content: content.trim() });
      return true;
    },
    [streamId],
  );

  return { connected, role, viewerCount, peers, socket: joinedSocket, chat, ended, error, sendChat };
}
