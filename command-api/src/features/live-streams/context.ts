import { randomUUID } from 'node:crypto';
import {
  DUET_PARTNER_GRACE_MS,
  SYSTEM_ACTOR,
  type EventMetadata,
  type LiveStreamDuetEndReason,
  type LiveStreamEndReason,
  type SystemEndReason,
} from '@myworld/schemas';
import { sfuConfigFromEnv } from '@myworld/sfu';
import { DomainError } from '@myworld/write-model';
import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';
import { streamRoom } from '../../platform/ws/gateway.ts';
import { DeadStreamWatch } from './dead-streams.ts';
import { LiveMedia } from './live-media.ts';
import { runLiveStreamCommand } from '@myworld/write-model/live-streams';
import { MediaActivity } from './media-activity.ts';
import { StreamPresence } from './presence.ts';
import { PublicProfiles } from './public-profiles.ts';

/** What the live-stream routes and socket handlers share: this instance's SFU and the streamers' names. */
export interface LiveStreamsContext extends Platform {
  /** This API instance's live media (the SFU, started on first use, closed with the app). */
  readonly media: LiveMedia;
  readonly profiles: PublicProfiles;
  /** Who is in each stream's room now (Redis, across instances): the viewer counts shown. */
  readonly presence: StreamPresence;
  /** A stream ended: stop its media here and tell everyone in its room, on every instance. */
  announceEnd(streamId: string, reason: LiveStreamEndReason): Promise<void>;
  /** A duet ended: the room hears `duet_ended`, and every instance closes the partner's tracks (socket.ts). */
  announceDuetEnd(streamId: string, partnerId: string, reason: LiveStreamDuetEndReason): Promise<void>;
  /** The platform ends the duet of a partner who stayed away (if still that partner) and announces it. */
  endDuetForSystem(streamId: string, partnerId: string): Promise<void>;
  /** How long a duet partner with no socket left in the room has to come back (DUET_PARTNER_GRACE_MS; tests shorten it). */
  duetPartnerGraceMs: number;
}

/** Builds the feature's context; the SFU's options come from the SFU_* environment variables. */
export function liveStreamsContext(platform: Platform): LiveStreamsContext {
  const { gateway, logger, store } = platform;

  const announceEnd = async (streamId: string, reason: LiveStreamEndReason) => {
    await media.endStream(streamId);
    await gateway.publish(streamRoom(streamId), { type: 'stream_ended', streamId, reason });
    await activity.forget(streamId);
  };

  const announceDuetEnd = async (streamId: string, partnerId: string, reason: LiveStreamDuetEndReason) => {
    await gateway.publish(streamRoom(streamId), { type: 'duet_ended', streamId, partnerId, reason });
  };

  /** The platform ends the stream (its media was lost, never came or stopped) and tells everyone watching. */
  const endForSystem = async (streamId: string, reason: SystemEndReason) => {
    const metadata = systemMetadata();
    try {
      const result = await runLiveStreamCommand(
        store,
        streamId,
        { type: 'EndLiveStream', by: { kind: 'system', reason }, now: new Date() },
        { metadata },
      );
      if (!result.appended) return;
      logger.info({ streamId, reason }, 'the platform ended a live stream');
      await announceEnd(streamId, reason);
    } catch (error) {
      if (error instanceof DomainError && error.status === 404) return;
      logger.error({ err: error, streamId, reason }, 'could not end a live stream for the platform');
    }
  };

  const endDuetForSystem = async (streamId: string, partnerId: string) => {
    try {
      const command = { type: 'EndDuet', by: { kind: 'system', partnerId }, now: new Date() } as const;
      const result = await runLiveStreamCommand(store, streamId, command, { metadata: systemMetadata() });
      if (!result.appended) return;
      logger.info({ streamId, partnerId }, 'the platform ended a duet whose partner left');
      await announceDuetEnd(streamId, partnerId, 'partner_disconnected');
    } catch (error) {
      logger.error({ err: error, streamId, partnerId }, 'could not end a duet for the platform');
    }
  };

  const activity = new MediaActivity(platform.redis);
  const media = new LiveMedia(
    sfuConfigFromEnv(),
    logger,
    {
      onStreamLost: (streamId) => void endForSystem(streamId, 'media_lost'),
      // Each instance tells its own sockets of the tracks in its own room (piped ones included),
      // which they can consume there at once.
      onProducerAdded: ({ streamId, producerId, kind }) =>
        gateway.deliverHere(streamRoom(streamId), { type: 'media_producer_added', streamId, producerId, kind }),
      onConsumerClosed: ({ streamId, peerId, consumerId }) =>
        gateway.connection(peerId)?.send({ type: 'media_consumer_closed', streamId, consumerId }),
    },
    { redis: platform.redis, leaseMs: platform.config.LIVE_MEDIA_INSTANCE_LEASE_MS },
  );
  const deadStreams = new DeadStreamWatch(
    { media, activity, readModels: platform.readModels, logger, end: endForSystem },
    platform.config.LIVE_MEDIA_TIMEOUT_SECONDS * 1000,
  );
  deadStreams.start();
  platform.onClose(async () => {
    await deadStreams.stop();
    await media.close();
  });

  const presence = new StreamPresence(platform.redis, gateway.limits.WS_PRESENCE_TTL_SECONDS);
  return {
    ...platform,
    media,
    profiles: new PublicProfiles(platform.readModels, store),
    presence,
    announceEnd,
    announceDuetEnd,
    endDuetForSystem,
    duetPartnerGraceMs: DUET_PARTNER_GRACE_MS,
  };
}

/** Metadata of what the platform itself records (no user acted). */
const systemMetadata = (): EventMetadata => ({
  actorId: SYSTEM_ACTOR,
  correlationId: randomUUID(),
  causationId: null,
  requestId: null,
  client: null,
  timestamp: new Date().toISOString(),
});

/** Defines one live-streams route (see routes/). */
export const liveStreamsRoute = routeFor<LiveStreamsContext>();
