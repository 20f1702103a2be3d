import type { LiveStream, StartLiveStreamBody } from '@myworld/schemas';
import { startStream } from '../api/start-stream.ts';
import { endStream } from '../api/end-stream.ts';
import { ExternalStore } from './external-store.ts';
import { startBroadcast, type Broadcast } from './live-media-client.ts';
import { StreamSocket } from './stream-socket.ts';
import { exposeStats } from './stats-probe.ts';

export type BroadcastPhase = 'idle' | 'starting' | 'live' | 'ending' | 'ended';

export interface BroadcastState {
  readonly phase: BroadcastPhase;
  readonly stream: LiveStream | null;
  readonly viewerCount: number;
}

const idle: BroadcastState = { phase: 'idle', stream: null, viewerCount: 0 };

/**
 * The streamer's live session: start (the stream, the socket, the media), live (viewer counts
 * from the room), end. Kept outside React so "View Stream Page" does not cut the broadcast.
 */
export class BroadcastSession {
  readonly store = new ExternalStore<BroadcastState>(idle);
  private socket: StreamSocket | null = null;
  private broadcast: Broadcast | null = null;

  get state(): BroadcastState {
    return this.store.get();
  }

  async start(form: StartLiveStreamBody, media: MediaStream): Promise<LiveStream> {
    if (this.state.phase === 'starting' || this.state.phase === 'live') throw new Error('Already live');
    this.store.set({ phase: 'starting', stream: null, viewerCount: 0 });
    let streamId: string | null = null;
    try {
      const { stream } = await startStream(form);
      streamId = stream.id;
      const socket = await StreamSocket.connect();
      this.socket = socket;
      socket.subscribe((m) => {
        if ((m.type === 'viewer_joined' || m.type === 'viewer_left' || m.type === 'stream_joined') && m.streamId === stream.id) {
          this.store.set((s) => ({ ...s, viewerCount: m.viewerCount }));
        }
        if (m.type === 'stream_ended' && m.streamId === stream.id) this.teardown('ended');
      });
      await socket.join(stream.id);
      this.broadcast = await startBroadcast(socket, stream.id, media);
      exposeStats('broadcast', () => this.broadcast?.getStats() ?? Promise.resolve(null));
      this.store.set((s) => ({ ...s, phase: 'live', stream }));
      return stream;
    } catch (error) {
      this.teardown('idle');
      // A stream that started without media would sit in the listings: end it.
      if (streamId) await endStream(streamId).catch(() => undefined);
      throw error;
    }
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

  replaceVideoTrack(track: MediaStreamTrack): void {
    void this.broadcast?.replaceVideoTrack(track);
  }

  /** Back to idle after an ended broadcast (the go-live page is left). */
  reset(): void {
    if (this.state.phase === 'ended') this.store.set(idle);
  }

  private teardown(phase: 'idle' | 'ended'): void {
    this.broadcast?.close();
    this.broadcast = null;
    this.socket?.close();
    this.socket = null;
    this.store.set((s) => ({ ...s, phase, ...(phase === 'idle' ? { stream: null } : {}) }));
  }
}

export const broadcastSession = new BroadcastSession();
