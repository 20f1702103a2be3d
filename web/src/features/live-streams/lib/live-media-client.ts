import { Device, type types } from 'mediasoup-client';
import type { ConsumerParams } from '@myworld/schemas';
import type { StreamSocket } from './stream-socket.ts';

/**
 * The browser side of the SFU (mediasoup-client): the streamer sends its camera and microphone
 * over one send transport; a viewer receives every track of the stream over one recv transport.
 * Signalling goes over the live socket (media_* requests).
 */

async function loadDevice(socket: StreamSocket, streamId: string): Promise<Device> {
  const { rtpCapabilities } = await socket.request({ type: 'media_capabilities', streamId });
  const device = new Device();
  await device.load({ routerRtpCapabilities: rtpCapabilities as unknown as types.RtpCapabilities });
  return device;
}

function wireConnect(transport: types.Transport, socket: StreamSocket, streamId: string): void {
  transport.on('connect', ({ dtlsParameters }, callback, errback) => {
    socket
      .request({ type: 'media_connect_transport', streamId, transportId: transport.id, dtlsParameters: dtlsParameters as never })
      .then(() => callback())
      .catch(errback);
  });
}

export interface Broadcast {
  /** Swaps the camera track (camera switch while live) without renegotiating. */
  replaceVideoTrack(track: MediaStreamTrack): Promise<void>;
  getStats(): Promise<RTCStatsReport>;
  close(): void;
}

/** Publishes `media`'s tracks to the stream, then tells the room the streamer is on air. */
export async function startBroadcast(socket: StreamSocket, streamId: string, media: MediaStream): Promise<Broadcast> {
  const device = await loadDevice(socket, streamId);
  const { transport: params } = await socket.request({ type: 'media_create_transport', streamId, direction: 'send' });
  const transport = device.createSendTransport(params as unknown as types.TransportOptions);
  wireConnect(transport, socket, streamId);
  transport.on('produce', ({ kind, rtpParameters }, callback, errback) => {
    socket
      .request({ type: 'media_produce', streamId, transportId: transport.id, kind, rtpParameters: rtpParameters as never })
      .then(({ producerId }) => callback({ id: producerId }))
      .catch(errback);
  });
  const producers: types.Producer[] = [];
  for (const track of media.getTracks()) {
    if (track.kind === 'audio' && !device.canProduce('audio')) continue;
    // The preview's own tracks: the mute toggles (track.enabled) then mute the broadcast too.
    producers.push(await transport.produce({ track, stopTracks: false }));
  }
  socket.send({ type: 'streamer_ready', streamId });
  return {
    async replaceVideoTrack(track) {
      await producers.find((p) => p.kind === 'video')?.replaceTrack({ track });
    },
    getStats: () => transport.getStats(),
    close() {
      for (const p of producers) p.close();
      transport.close();
    },
  };
}

export interface Viewing {
  readonly media: MediaStream;
  getStats(): Promise<RTCStatsReport>;
  close(): void;
}

/**
 * Receives the stream: consumes what is on air now and whatever the streamer adds later
 * (`media_producer_added`, `streamer_broadcasting`); drops tracks whose consumer closed.
 * `onChange` fires whenever the set of tracks changes.
 */
export async function startViewing(socket: StreamSocket, streamId: string, onChange: (media: MediaStream) => void): Promise<Viewing> {
  const device = await loadDevice(socket, streamId);
  const { transport: params } = await socket.request({ type: 'media_create_transport', streamId, direction: 'recv' });
  const transport = device.createRecvTransport(params as unknown as types.TransportOptions);
  wireConnect(transport, socket, streamId);
  const media = new MediaStream();
  const consumers = new Map<string, types.Consumer>();
  let closed = false;

  const add = async (p: ConsumerParams) => {
    const consumer = await transport.consume({ id: p.id, producerId: p.producerId, kind: p.kind, rtpParameters: p.rtpParameters as unknown as types.RtpParameters });
    consumers.set(consumer.id, consumer);
    // One track per kind: a replaced producer's old track goes.
    for (const old of media.getTracks().filter((t) => t.kind === consumer.track.kind)) media.removeTrack(old);
    media.addTrack(consumer.track);
    await socket.request({ type: 'media_resume', streamId, consumerId: consumer.id });
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
        const { consumers: list } = await socket.request({ type: 'media_consume', streamId, transportId: transport.id, rtpCapabilities: device.rtpCapabilities as never });
        for (const p of list) await add(p);
        if (list.length > 0 && !closed) onChange(media);
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const unsubscribe = socket.subscribe((message) => {
    if (closed) return;
    if (message.type === 'media_producer_added' || message.type === 'streamer_broadcasting') void consumeNew().catch(() => undefined);
    if (message.type === 'media_consumer_closed') {
      const consumer = consumers.get(message.consumerId);
      if (!consumer) return;
      consumers.delete(message.consumerId);
      media.removeTrack(consumer.track);
      consumer.close();
      onChange(media);
    }
  });

  await consumeNew();
  return {
    media,
    getStats: () => transport.getStats(),
    close() {
      closed = true;
      unsubscribe();
      for (const c of consumers.values()) c.close();
      transport.close();
    },
  };
}
