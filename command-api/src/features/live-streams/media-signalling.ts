import type { Sfu } from '@myworld/sfu';
import type { EventStore } from '@myworld/eventstore';
import { LIVE_STREAM_MESSAGES, type MediaRequest } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import type { Connection } from '../../platform/ws/connection.ts';
import type { SocketGateway } from '../../platform/ws/gateway.ts';
import type { LiveMedia } from './live-media.ts';
import { loadLiveStream } from '@myworld/write-model/live-streams';
import { requireJoined } from './joined-stream.ts';

// mediasoup's parameter types as the SFU takes them (the gateway checked their outer shape with zod).
type DtlsParameters = Parameters<Sfu['connectWebRtcTransport']>[3];
type RtpParameters = Parameters<Sfu['produce']>[3]['rtpParameters'];
type RtpCapabilities = Parameters<Sfu['consumeAll']>[3];

/**
 * mediasoup signalling over the socket, each a request answered by `media_response` (or `error`)
 * with the same requestId. The socket must have joined the stream; only its streamer and its
 * current duet partner (whose socket joined as a viewer) may open a send transport and produce.
 * Everyone in the room, the streamer included, may receive (the streamer sees the partner). The SFU
 * peer id is the socket's id, so a closed socket's transports go with it.
 *
 * Streamer: media_capabilities → media_create_transport(send) → media_connect_transport →
 *   media_produce (video, audio) → streamer_ready.
 * Duet partner: as the streamer, once duet_started names them.
 * Viewer: media_capabilities → media_create_transport(recv) → media_consume → media_connect_transport
 *   (from the transport's first 'connect') → media_resume per consumer; again media_consume on
 *   media_producer_added / streamer_broadcasting.
 */
export function registerMediaSignalling(gateway: SocketGateway, deps: { store: EventStore; media: LiveMedia }): void {
  const { store, media } = deps;

  const respond = (connection: Connection, request: MediaRequest, data: unknown) =>
    connection.send({ type: 'media_response', requestId: request.requestId, data });

  /** The streamer, or the user the stream's events name as its duet partner now. */
  const requireBroadcaster = async (connection: Connection, streamId: string) => {
    if (requireJoined(connection, streamId).role === 'streamer') return;
    const state = connection.userId ? await loadLiveStream(store, streamId) : undefined;
    if (state?.status !== 'live' || state.duetPartnerId !== connection.userId) {
      throw new DomainError('forbidden', 'Only the streamer or the duet partner can send media to this stream', 403);
    }
  };

  gateway.handle('media_capabilities', async (connection, request) => {
    requireJoined(connection, request.streamId);
    const sfu = await media.sfu();
    if (!sfu.hasStream(request.streamId)) {
      // Only a stream that is still live gets a router (here, or piped here from its owner's).
      const state = await loadLiveStream(store, request.streamId);
      if (state.status === 'scheduled') throw new DomainError('not_yet_live', LIVE_STREAM_MESSAGES.notYetLive, 409);
      if (state.status !== 'live') throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
      await media.openStream(request.streamId);
    }
    respond(connection, request, { rtpCapabilities: await sfu.getRtpCapabilities(request.streamId) });
  });

  gateway.handle('media_create_transport', async (connection, request) => {
    if (request.direction === 'send') await requireBroadcaster(connection, request.streamId);
    else requireJoined(connection, request.streamId);
    const sfu = await media.sfu();
    respond(connection, request, {
      transport: await sfu.createWebRtcTransport(request.streamId, connection.id, request.direction),
    });
  });

  gateway.handle('media_connect_transport', async (connection, request) => {
    requireJoined(connection, request.streamId);
    const sfu = await media.sfu();
    await sfu.connectWebRtcTransport(
      request.streamId,
      connection.id,
      request.transportId,
      request.dtlsParameters as unknown as DtlsParameters,
    );
    respond(connection, request, {});
  });

  gateway.handle('media_produce', async (connection, request) => {
    await requireBroadcaster(connection, request.streamId);
    const sfu = await media.sfu();
    const producerId = await sfu.produce(request.streamId, connection.id, request.transportId, {
      kind: request.kind,
      rtpParameters: request.rtpParameters as unknown as RtpParameters,
    });
    respond(connection, request, { producerId });
  });

  gateway.handle('media_consume', async (connection, request) => {
    requireJoined(connection, request.streamId);
    const sfu = await media.sfu();
    const capabilities = request.rtpCapabilities as unknown as RtpCapabilities;
    const consumers = request.producerId
      ? [await sfu.consume(request.streamId, connection.id, request.transportId, request.producerId, capabilities)]
      : await sfu.consumeAll(request.streamId, connection.id, request.transportId, capabilities);
    respond(connection, request, { consumers });
  });

  gateway.handle('media_resume', async (connection, request) => {
    requireJoined(connection, request.streamId);
    const sfu = await media.sfu();
    await sfu.resumeConsumer(request.streamId, connection.id, request.consumerId);
    respond(connection, request, {});
  });
}
