import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsumerParams, ServerMessage } from '@myworld/schemas';
import type { StreamSocket } from './stream-socket.ts';

// mediasoup-client needs a real browser's WebRTC: a stand-in device whose receive transport hands
// back one fake track per consumer, so what is tested is how tracks are grouped per peer.
vi.mock('mediasoup-client', () => {
  class Transport {
    id = 't1';
    on() {}
    async consume(p: { id: string; kind: string }) {
      return { id: p.id, kind: p.kind, track: { id: `track-${p.id}`, kind: p.kind }, close: vi.fn() };
    }
    async getStats() {
      return new Map();
    }
    close() {}
  }
  class Device {
    rtpCapabilities = {};
    async load() {}
    createRecvTransport() {
      return new Transport();
    }
  }
  return { Device };
});

const { startViewing } = await import('./live-media-client.ts');

/** A MediaStream that keeps its tracks (happy-dom's holds none). */
class TrackList {
  private readonly tracks: MediaStreamTrack[];
  constructor(tracks: MediaStreamTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks = () => [...this.tracks];
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  addTrack = (t: MediaStreamTrack) => void this.tracks.push(t);
  removeTrack = (t: MediaStreamTrack) => void this.tracks.splice(this.tracks.indexOf(t), 1);
}

afterEach(() => vi.unstubAllGlobals());

const consumer = (id: string, peer: string, kind: 'audio' | 'video'): ConsumerParams => ({
  id,
  producerId: `p-${id}`,
  producerPeerId: peer,
  kind,
  rtpParameters: {},
  type: 'simple',
  producerPaused: false,
});

/** A room socket answering media requests; media_consume hands out `batches` one by one. */
function fakeSocket(batches: ConsumerParams[][]) {
  const listeners = new Set<(m: ServerMessage) => void>();
  const socket = {
    request: vi.fn(async (m: { type: string }) => {
      if (m.type === 'media_capabilities') return { rtpCapabilities: {} };
      if (m.type === 'media_create_transport')
        return { transport: { id: 't1', iceParameters: {}, iceCandidates: [], dtlsParameters: {} } };
      if (m.type === 'media_consume') return { consumers: batches.shift() ?? [] };
      return {};
    }),
    subscribe: (l: (m: ServerMessage) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    emit: (m: ServerMessage) => listeners.forEach((l) => l(m)),
  };
  return socket;
}

const kinds = (media: MediaStream) =>
  media
    .getTracks()
    .map((t) => t.kind)
    .sort();

describe('startViewing', () => {
  it('gives one MediaStream per producing peer: the streamer, then the duet partner; a peer whose tracks all closed goes', async () => {
    vi.stubGlobal('MediaStream', TrackList);
    const socket = fakeSocket([
      [consumer('c1', 'streamer', 'video'), consumer('c2', 'streamer', 'audio')],
      [consumer('c3', 'partner', 'video'), consumer('c4', 'partner', 'audio')],
    ]);
    const changes: { peerId: string; media: MediaStream }[][] = [];
    const viewing = await startViewing(socket as unknown as StreamSocket, 's1', (peers) => changes.push(peers));
    expect(viewing.peers().map((p) => [p.peerId, kinds(p.media)])).toEqual([['streamer', ['audio', 'video']]]);
    const streamerMedia = viewing.peers()[0]!.media;

    socket.emit({ type: 'media_producer_added', streamId: 's1', producerId: 'p-c3', kind: 'video' });
    await vi.waitFor(() => expect(viewing.peers()).toHaveLength(2));
    expect(viewing.peers().map((p) => [p.peerId, kinds(p.media)])).toEqual([
      ['streamer', ['audio', 'video']],
      ['partner', ['audio', 'video']],
    ]);
    // The streamer's video is not re-attached because the partner arrived.
    expect(viewing.peers()[0]!.media).toBe(streamerMedia);

    socket.emit({ type: 'media_consumer_closed', streamId: 's1', consumerId: 'c3' });
    expect(viewing.peers().map((p) => [p.peerId, kinds(p.media)])).toEqual([
      ['streamer', ['audio', 'video']],
      ['partner', ['audio']],
    ]);
    socket.emit({ type: 'media_consumer_closed', streamId: 's1', consumerId: 'c4' });
    expect(viewing.peers().map((p) => p.peerId)).toEqual(['streamer']);
    expect(changes.at(-1)!.map((p) => p.peerId)).toEqual(['streamer']);
    viewing.close();
  });
});
