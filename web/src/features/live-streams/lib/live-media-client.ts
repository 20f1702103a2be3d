import { Device, type types } from 'mediasoup-client';
import type { ConsumerParams } from '@myworld/schemas';
import { markJoinStep } from './stats-probe.ts';
import type { StreamSocket } from './stream-socket.ts';

/**
 * The browser side of the SFU (mediasoup-client): the streamer sends its camera and microphone
 * over one send transport; a viewer receives every track of the stream over one recv transport.
 * Signalling goes over the live socket (media_* requests).
 */

async function deviceFor(routerRtpCapabilities: unknown): Promise<Device> {
  const device = new Device();
  await device.load({ routerRtpCapabilities: routerRtpCapabilities as types.RtpCapabilities });
  return device;
}

async function loadDevice(socket: StreamSocket, streamId: string): Promise<Device> {
  const { rtpCapabilities } = await socket.request({ type: 'media_capabilities', streamId });
  return deviceFor(rtpCapabilities);
}

function wireConnect(transport: types.Transport, socket: StreamSocket, streamId: string): void {
  transport.on('connect', ({ dtlsParameters }, callback, errback) => {
    socket
      .request({
        type: 'media_connect_transport',
        streamId,
        transportId: transport.id,
        dtlsParameters: dtlsParameters as never,
      })
      .then(() => callback())
      .catch(errback);
  });
}

/** Tracks sent into the stream: swap the video, read the statistics, stop them. */
export interface Producing {
  /** Swaps the camera track (camera switch while live) without renegotiating. */
  replaceVideoTrack(track: MediaStreamTrack): Promise<void>;
  getStats(): Promise<RTCStatsReport>;
  /** Stops these tracks' producers (the send transport stays for the next ones). */
  close(): void;
}

/**
 * A socket's one send transport into the stream (the SFU allows one per socket, and forgets it
 * only when the socket goes): the streamer's broadcast, or a duet partner's camera, duet after duet.
 */
export interface Sender {
  produce(media: MediaStream): Promise<Producing>;
  close(): void;
}

export async function openSender(socket: StreamSocket, streamId: string): Promise<Sender> {
  const device = await loadDevice(socket, streamId);
  const { transport: params } = await socket.request({ type: 'media_create_transport', streamId, direction: 'send' });
  const transport = device.createSendTransport(params as unknown as types.TransportOptions);
  wireConnect(transport, socket, streamId);
  transport.on('produce', ({ kind, rtpParameters }, callback, errback) => {
    socket
      .request({
        type: 'media_produce',
        streamId,
        transportId: transport.id,
        kind,
        rtpParameters: rtpParameters as never,
      })
      .then(({ producerId }) => callback({ id: producerId }))
      .catch(errback);
  });
  return {
    async produce(media) {
      const producers: types.Producer[] = [];
      const closeAll = () => {
        for (const p of producers) p.close();
      };
      try {
        // Video first: it is what a viewer waits for.
        for (const track of [...media.getVideoTracks(), ...media.getAudioTracks()]) {
          if (track.kind === 'audio' && !device.canProduce('audio')) continue;
          // The preview's own tracks: the mute toggles (track.enabled) then mute what is sent too.
          producers.push(await transport.produce({ track, stopTracks: false }));
        }
      } catch (error) {
        closeAll();
        throw error;
      }
      return {
        async replaceVideoTrack(track) {
          await producers.find((p) => p.kind === 'video')?.replaceTrack({ track });
        },
        getStats: () => transport.getStats(),
        close: closeAll,
      };
    },
    close: () => transport.close(),
  };
}

/** The streamer's broadcast: closing it closes the send transport too. */
export type Broadcast = Producing;

/** Publishes `media`'s tracks to the stream, then tells the room the streamer is on air. */
export async function startBroadcast(socket: StreamSocket, streamId: string, media: MediaStream): Promise<Broadcast> {
  const sender = await openSender(socket, streamId);
  let producing: Producing;
  try {
    producing = await sender.produce(media);
  } catch (error) {
    sender.close();
    throw error;
  }
  socket.send({ type: 'streamer_ready', streamId });
  return {
    replaceVideoTrack: (track) => producing.replaceVideoTrack(track),
    getStats: () => producing.getStats(),
    close() {
      producing.close();
      sender.close();
    },
  };
}

/** One producing peer's tracks (the streamer's, or a duet partner's), keyed by its socket id. */
export interface PeerMedia {
  readonly peerId: string;
  readonly media: MediaStream;
}

export interface Viewing {
  /** The producing peers, in the order their first track arrived. */
  peers(): PeerMedia[];
  getStats(): Promise<RTCStatsReport>;
  close(): void;
}

/**
 * Receives the stream (call it right after `join_stream`, without waiting for the answer, to save
 * the round trips): consumes what is on air now and whatever is added later
 * (`media_producer_added`, `streamer_broadcasting`), one MediaStream per producing peer (a duet
 * has two); drops tracks whose consumer closed, and a peer with none left.
 * `onChange` fires whenever the set of peers or tracks changes.
 */
export async function startViewing(
  socket: StreamSocket,
  streamId: string,
  onChange: (peers: PeerMedia[]) => void,
): Promise<Viewing> {
  // Asked together, not one after the other: the server answers a socket's messages in order.
  const [device, { transport: params }] = await Promise.all([
    socket.request({ type: 'media_capabilities', streamId }).then(async ({ rtpCapabilities }) => {
      markJoinStep('capabilities');
      const loaded = await deviceFor(rtpCapabilities);
      markJoinStep('device-loaded');
      return loaded;
    }),
    socket.request({ type: 'media_create_transport', streamId, direction: 'recv' }),
  ]);
  const transport = device.createRecvTransport(params as unknown as types.TransportOptions);
  markJoinStep('transport-created');
  wireConnect(transport, socket, streamId);
  transport.on('connectionstatechange', (state) => state === 'connected' && markJoinStep('transport-connected'));
  const peers = new Map<string, MediaStream>();
  const consumers = new Map<string, { consumer: types.Consumer; peerId: string }>();
  let closed = false;
  // What the page shows: a fresh MediaStream for a peer whose tracks changed (so React sees it and
  // that video re-attaches), the same object for the others.
  const shown = new Map<string, MediaStream>();
  const changed = (peerId: string) => {
    const media = peers.get(peerId);
    if (media) shown.set(peerId, new MediaStream(media.getTracks()));
    else shown.delete(peerId);
  };
  const snapshot = (): PeerMedia[] => [...shown].map(([peerId, media]) => ({ peerId, media }));

  const add = async (p: ConsumerParams) => {
    const consumer = await transport.consume({
      id: p.id,
      producerId: p.producerId,
      kind: p.kind,
      rtpParameters: p.rtpParameters as unknown as types.RtpParameters,
    });
    consumers.set(consumer.id, { consumer, peerId: p.producerPeerId });
    const media = peers.get(p.producerPeerId) ?? new MediaStream();
    peers.set(p.producerPeerId, media);
    // One track per kind and peer: a replaced producer's old track goes.
    for (const old of media.getTracks().filter((t) => t.kind === consumer.track.kind)) media.removeTrack(old);
    media.addTrack(consumer.track);
    changed(p.producerPeerId);
    await socket.request({ type: 'media_resume', streamId, consumerId: consumer.id });
    markJoinStep('resumed');
  };

  // One consume round at a time; a request arriving meanwhile runs once more afterwards.
  let running: Promise<void> | null = null;
  let again = false;
  const consumeNew = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const { consumers: list } = await socket.request({
          type: 'media_consume',
          streamId,
          transportId: transport.id,
          rtpCapabilities: device.rtpCapabilities as never,
        });
        if (list.length > 0) markJoinStep('consumers');
        for (const p of list) await add(p);
        if (list.length > 0 && !closed) onChange(snapshot());
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const unsubscribe = socket.subscribe((message) => {
    if (closed) return;
    if (message.type === 'media_producer_added' || message.type === 'streamer_broadcasting')
      void consumeNew().catch(() => undefined);
    if (message.type === 'media_consumer_closed') {
      const entry = consumers.get(message.consumerId);
      if (!entry) return;
      consumers.delete(message.consumerId);
      const media = peers.get(entry.peerId);
      media?.removeTrack(entry.consumer.track);
      if (media && media.getTracks().length === 0) peers.delete(entry.peerId);
      changed(entry.peerId);
      entry.consumer.close();
      onChange(snapshot());
    }
  });

  await consumeNew();
  return {
    peers: snapshot,
    getStats: () => transport.getStats(),
    close() {
      closed = true;
      unsubscribe();
      for (const c of consumers.values()) c.consumer.close();
      transport.close();
    },
  };
}
