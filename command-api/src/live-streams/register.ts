import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sfuConfigFromEnv, type SfuOptions } from '@myworld/sfu';
import { SYSTEM_ACTOR } from '@myworld/schemas';
import { DomainError } from '../commands/domain-error.ts';
import type { ApiServices } from '../services.ts';
import type { Sessions } from '../sessions/current-user.ts';
import { SocketGateway, streamRoom } from '../ws/gateway.ts';
import { LiveMedia, describeSfuError } from './live-media.ts';
import { registerLiveMediaSignalling } from './live-media-signalling.ts';
import { registerLiveStreamRoutes } from './live-stream-routes.ts';
import { registerLiveStreamSocket } from './live-stream-socket.ts';
import { runLiveStreamCommand } from './live-stream-store.ts';
import { PublicProfiles } from './public-profiles.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live media (the SFU, started on first use). */
    liveMedia: LiveMedia;
    /** The /ws gateway, for features that push to rooms (`stream:<id>`, `user:<id>`). */
    socketGateway: SocketGateway;
  }
}

export interface LiveStreamsOptions {
  /** SFU options; default: the SFU_* environment variables. */
  readonly sfu?: SfuOptions;
  /** Redis channel prefix of the socket fan-out; default 'myworld:ws:'. */
  readonly channelPrefix?: string;
}

/**
 * Live streams: the HTTP calls, the /ws gateway with the live-stream and media messages, and this
 * instance's SFU (closed with the app). Register after sessions.
 */
export async function registerLiveStreams(app: FastifyInstance, services: ApiServices, sessions: Sessions, options: LiveStreamsOptions = {}): Promise<void> {
  const logger = app.log;
  const profiles = new PublicProfiles(services.readModels, services.store);
  const gateway = new SocketGateway({
    redis: services.redis,
    sessions,
    logger,
    publicUrl: services.config.PUBLIC_URL,
    ...(options.channelPrefix ? { channelPrefix: options.channelPrefix } : {}),
    describeError: describeSfuError,
  });

  const announceEnd = async (streamId: string, reason: 'owner' | 'media_lost') => {
    await media.endStream(streamId);
    await gateway.publish(streamRoom(streamId), { type: 'stream_ended', streamId, reason });
  };

  /** The SFU lost the stream's worker: the platform ends the stream and tells everyone watching. */
  const endLostStream = async (streamId: string) => {
    const metadata = { actorId: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null, requestId: null, client: null, timestamp: new Date().toISOString() };
    try {
      const result = await runLiveStreamCommand(services.store, streamId, { type: 'EndLiveStream', by: { kind: 'system' }, now: new Date() }, { metadata });
      if (result.appended) await announceEnd(streamId, 'media_lost');
    } catch (error) {
      if (error instanceof DomainError && error.status === 404) return;
      logger.error({ err: error, streamId }, 'could not end a stream whose media was lost');
    }
  };

  const media = new LiveMedia(options.sfu ?? sfuConfigFromEnv(), logger, {
    onStreamLost: (streamId) => void endLostStream(streamId),
    onProducerAdded: ({ streamId, producerId, kind }) =>
      void gateway.publish(streamRoom(streamId), { type: 'media_producer_added', streamId, producerId, kind }).catch((error: unknown) => logger.warn({ err: error }, 'producer announcement failed')),
    onConsumerClosed: ({ streamId, peerId, consumerId }) => gateway.connection(peerId)?.send({ type: 'media_consumer_closed', streamId, consumerId }),
  });

  app.decorate('liveMedia', media);
  app.decorate('socketGateway', gateway);
  await gateway.register(app);
  registerLiveStreamSocket(gateway, { store: services.store, media, profiles });
  registerLiveMediaSignalling(gateway, { store: services.store, media });
  registerLiveStreamRoutes(app, { services, profiles, onEnded: (streamId) => announceEnd(streamId, 'owner') });
  app.addHook('onClose', async () => {
    await media.close();
  });
}
