import type { LiveStream, ServerMessage, StartLiveStreamBody } from '@myworld/schemas';
import { startStream } from '../api/start-stream.ts';
import { endStream } from '../api/end-stream.ts';
import { goLiveScheduled } from '../api/go-live-scheduled.ts';
import { uploadThumbnail } from '../api/upload-thumbnail.ts';
import { ExternalStore } from './external-store.ts';
import { startBroadcast, startViewing, type Broadcast, type Viewing } from './live-media-client.ts';
import { StreamSocket } from './stream-socket.ts';
import { exposeStats } from './stats-probe.ts';
import { addToFeed, type RoomFeedItem } from './room-feed.ts';
import { FrameCapture } from './frame-capture.ts';
import { DEFAULT_THUMBNAIL_TIMINGS, ThumbnailRefresher, type ThumbnailTimings } from './thumbnail-refresher.ts';

export type BroadcastPhase = 'idle' | 'starting' | 'live' | 'ending' | 'ended';

export type DuetPartner = Extract<ServerMessage, { type: 'duet_started' }>['partner'];

export interface BroadcastState {
  readonly phase: BroadcastPhase;
  readonly stream: LiveStream | null;
  readonly viewerCount: number;
  /** The stream's gifts so far, in cents: the stream's total, then each gift_received's. */
  readonly giftsCents: number;
  /** The duet partner while a duet is on, and their tracks once they arrive. */
  readonly partner: DuetPartner | null;
  readonly partnerMedia: MediaStream | null;
  /** The room's chat since going live, the streamer's own lines included, and each gift received (sender, gift, message). */
  readonly feed: readonly RoomFeedItem[];
}

const idle: BroadcastState = {
  phase: 'idle',
  stream: null,
  viewerCount: 0,
  giftsCents: 0,
  partner: null,
  partnerMedia: null,
  feed: [],
};

/** How many chat lines and gifts the streamer's page keeps (the oldest go first). */
const ROOM_HISTORY = 200;

type Listener = (message: ServerMessage) => void;

/**
 * The streamer's live session: start (the stream, the socket, the media), live (viewer counts,
 * gifts and the duet from the room), end. Kept outside React so "View Stream Page" does not cut
 * the broadcast. During a duet it also receives the partner's tracks (the SFU gives a socket
 * every producer but its own), so the streamer sees who they duet with.
 */
export class BroadcastSession {
  readonly store = new ExternalStore<BroadcastState>(idle);
  private socket: StreamSocket | null = null;
  private broadcast: Broadcast | null = null;
  // Kept for the session once opened: the SFU allows one receive transport per socket.
  private viewing: Promise<Viewing> | null = null;
  private readonly listeners = new Set<Listener>();
  private thumbnails: { refresher: ThumbnailRefresher; capture: FrameCapture } | null = null;

  /** `thumbnailTimings`: when the stream's thumbnail frames are sent (tests shorten the minute). */
  constructor(private readonly thumbnailTimings: ThumbnailTimings = DEFAULT_THUMBNAIL_TIMINGS) {}

  get state(): BroadcastState {
    return this.store.get();
  }

  /** Goes live: a new stream from `form`, or the scheduled stream `scheduledId` (its owner's Go Live). */
  async start(form: StartLiveStreamBody, media: MediaStream, scheduledId?: string): Promise<LiveStream> {
    if (this.state.phase === 'starting' || this.state.phase === 'live') throw new Error('Already live');
    this.store.set({ ...idle, phase: 'starting' });
    let streamId: string | null = null;
    try {
      const { stream } = scheduledId ? await goLiveScheduled(scheduledId) : await startStream(form);
      streamId = stream.id;
      this.store.set((s) => ({ ...s, stream, giftsCents: stream.totalGiftsReceived }));
      const socket = await StreamSocket.connect();
      this.socket = socket;
      socket.subscribe((m) => this.receive(m));
      await socket.join(stream.id);
      this.broadcast = await startBroadcast(socket, stream.id, media);
      exposeStats('broadcast', () => this.broadcast?.getStats() ?? Promise.resolve(null));
      this.store.set((s) => ({ ...s, phase: 'live', stream }));
      this.sendThumbnails(stream.id, media);
      return stream;
    } catch (error) {
      this.teardown('idle');
      // A stream that started without media would sit in the listings: end it.
      if (streamId) await endStream(streamId).catch(() => undefined);
      throw error;
    }
  }

  /** Every message of the streamer's socket comes through here, then goes to the subscribers. */
  receive(m: ServerMessage): void {
    const streamId = this.state.stream?.id;
    if (!streamId || !('streamId' in m) || m.streamId !== streamId) return;
    if (m.type === 'viewer_joined' || m.type === 'viewer_left' || m.type === 'stream_joined')
      this.store.set((s) => ({ ...s, viewerCount: m.viewerCount }));
    if (m.type === 'gift_received') this.store.set((s) => ({ ...s, giftsCents: m.totalGiftsReceived }));
    if (m.type === 'gift_received' || m.type === 'chat_message')
      this.store.set((s) => ({ ...s, feed: addToFeed(s.feed, m, streamId, ROOM_HISTORY) }));
    if (m.type === 'duet_started') {
      this.store.set((s) => ({
        ...s,
        partner: m.partner,
        stream: s.stream && { ...s.stream, duetPartnerId: m.partner.id },
      }));
      this.watchPartner(streamId);
    }
    if (m.type === 'duet_ended')
      this.store.set((s) => ({
        ...s,
        partner: null,
        partnerMedia: null,
        stream: s.stream && { ...s.stream, duetPartnerId: null },
      }));
    for (const l of [...this.listeners]) l(m);
    if (m.type === 'stream_ended') this.teardown('ended');
  }

  /** Hears the messages of the live stream's room (gifts, duet requests); returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async end(): Promise<void> {
    const stream = this.state.stream;
    if (!stream || this.state.phase !== 'live') return;
    this.store.set((s) => ({ ...s, phase: 'ending' }));
    try {
      await endStream(stream.id);
    } catch (error) {
      this.store.set((s) => ({ ...s, phase: 'live' }));
      throw error;
    }
    this.teardown('ended');
  }

  /** Says `content` in the room's chat, as the streamer; false when it cannot be sent now. */
  sendChat(content: string): boolean {
    const streamId = this.state.stream?.id;
    const text = content.trim();
    if (!streamId || !this.socket?.isOpen || this.state.phase !== 'live' || text.length === 0) return false;
    this.socket.send({ type: 'stream_chat', streamId, content: text });
    return true;
  }

  replaceVideoTrack(track: MediaStreamTrack): void {
    void this.broadcast?.replaceVideoTrack(track);
    this.thumbnails?.capture.useTrack(track);
  }

  /** Back to idle after an ended broadcast (the go-live page is left). */
  reset(): void {
    if (this.state.phase === 'ended') this.store.set(idle);
  }

  /** Frames of the camera become the stream's thumbnail in the listings, until the broadcast stops. */
  private sendThumbnails(streamId: string, media: MediaStream): void {
    const capture = new FrameCapture(media);
    const refresher = new ThumbnailRefresher(
      { capture: () => capture.jpeg(), upload: (frame) => uploadThumbnail(streamId, frame) },
      this.thumbnailTimings,
    );
    this.thumbnails = { refresher, capture };
    refresher.start();
  }

  /** Receives the partner's tracks (consuming whatever the partner produces, now or later). */
  private watchPartner(streamId: string): void {
    const socket = this.socket;
    if (!socket || this.viewing) return;
    const show = (media: MediaStream | null) => this.store.set((s) => (s.partner ? { ...s, partnerMedia: media } : s));
    this.viewing = startViewing(socket, streamId, (peers) => show(peers[0]?.media ?? null));
    this.viewing.then(
      (viewing) => {
        exposeStats('viewing', () => viewing.getStats());
        const first = viewing.peers()[0];
        if (first) show(first.media);
      },
      () => {
        this.viewing = null;
      },
    );
  }

  private teardown(phase: 'idle' | 'ended'): void {
    this.thumbnails?.refresher.stop();
    this.thumbnails?.capture.close();
    this.thumbnails = null;
    this.broadcast?.close();
    this.broadcast = null;
    void this.viewing?.then(
      (v) => v.close(),
      () => undefined,
    );
    this.viewing = null;
    this.socket?.close();
    this.socket = null;
    this.store.set((s) => ({
      ...s,
      phase,
      partner: null,
      partnerMedia: null,
      ...(phase === 'idle' ? { stream: null } : {}),
    }));
  }
}

export const broadcastSession = new BroadcastSession();
