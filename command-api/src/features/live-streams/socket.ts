import { randomUUID } from 'node:crypto';
import { LIVE_STREAM_MESSAGES, PLATFORM_MESSAGES } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import type { Connection } from '../../platform/ws/connection.ts';
import { streamRoom, type SocketGateway } from '../../platform/ws/gateway.ts';
import type { LiveStreamsContext } from './context.ts';
import { describeSfuError } from './live-media.ts';
import { loadLiveStream, runLiveStreamCommand } from '@myworld/write-model/live-streams';
import { JOINED, joinedStream, requireJoined, type JoinedStream } from './joined-stream.ts';
import { DuetPartners } from './duet-partners.ts';
import { viewerKey } from './presence.ts';
import { registerMediaSignalling } from './media-signalling.ts';

/**
 * The live-stream socket messages: join_stream / leave_stream (presence in Redis, at most one
 * LiveStreamViewerJoined per viewer per stream per hour, viewer_joined / viewer_left broadcasts),
 * stream_chat (rate-limited per user; the chat event, then chat_message to the room with the
 * sender's name and picture), streamer_ready (streamer_broadcasting), the webrtc_* relays between
 * members of one stream room, and the media_* signalling of the SFU (media-signalling.ts). A duet
 * partner whose last socket leaves the room has DUET_PARTNER_GRACE_MS to come back before the
 * platform ends the duet; a duet that ends closes the partner's tracks (duet-partners.ts).
 */
export function liveStreamsSocket(gateway: SocketGateway, ctx: LiveStreamsContext): void {
  const { store, media, profiles, presence } = ctx;
  gateway.describeErrors(describeSfuError);

  const duets = new DuetPartners(
    () => ctx.duetPartnerGraceMs,
    (streamId, partnerId) =>
      void presence.isMember(streamId, partnerId).then(
        (back) => (back ? undefined : ctx.endDuetForSystem(streamId, partnerId)),
        (error: unknown) => ctx.logger.error({ err: error, streamId, partnerId }, 'could not check a duet partner'),
      ),
  );
  ctx.onClose(async () => duets.stop());

  const leaveCurrent = async (connection: Connection) => {
    const joined = joinedStream(connection);
    if (!joined) return;
    connection.state.delete(JOINED);
    await gateway.leave(connection, streamRoom(joined.streamId));
    await media.leave(joined.streamId, connection.id);
    const wasPartner = duets.exited(joined.streamId, connection);
    // Leaving writes nothing to the log: presence is in Redis.
    const viewerCount = await presence.exit(joined.streamId, connection);
    if (wasPartner && connection.userId && !(await presence.isMember(joined.streamId, connection.userId)))
      duets.startGrace(joined.streamId, connection.userId);
    if (joined.role === 'viewer')
      await gateway.publish(streamRoom(joined.streamId), {
        type: 'viewer_left',
        streamId: joined.streamId,
        viewerCount,
      });
  };

  gateway.handle('join_stream', async (connection, { streamId }) => {
    if (joinedStream(connection)?.streamId === streamId) {
      throw new DomainError('already_joined', 'You are already in this stream', 409);
    }
    await leaveCurrent(connection);
    const state = await loadLiveStream(store, streamId);
    if (state.status === 'scheduled') throw new DomainError('not_yet_live', LIVE_STREAM_MESSAGES.notYetLive, 409);
    if (state.status !== 'live') throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
    const role = connection.userId === state.ownerId ? 'streamer' : 'viewer';
    if (role === 'viewer') {
      // For analytics the log keeps one "viewed" event per viewer, per stream, per hour.
      const viewer = viewerKey(connection);
      if (await presence.firstViewThisHour(streamId, viewer)) {
        const command = {
          type: 'JoinLiveStream',
          viewerId: connection.id,
          userId: connection.userId,
          now: new Date(),
        } as const;
        await runLiveStreamCommand(store, streamId, command, { metadata: gateway.metadata(connection) }).catch(
          async (error: unknown) => {
            await presence.forgetView(streamId, viewer);
            throw error;
          },
        );
      }
    }
    connection.state.set(JOINED, { streamId, ownerId: state.ownerId, role } satisfies JoinedStream);
    await gateway.join(connection, streamRoom(streamId));
    duets.entered(streamId, connection, state.duetPartnerId);
    const viewerCount = await presence.enter(streamId, connection, role === 'viewer');
    const broadcasting = await media.isBroadcasting(streamId);
    connection.send({ type: 'stream_joined', streamId, role, viewerCount, broadcasting });
    if (role === 'viewer') {
      const username = connection.userId ? (await profiles.of(connection.userId)).username : null;
      await gateway.publish(
        streamRoom(streamId),
        { type: 'viewer_joined', streamId, viewerCount, username },
        connection,
      );
    }
  });

  gateway.handle('leave_stream', async (connection, { streamId }) => {
    requireJoined(connection, streamId);
    await leaveCurrent(connection);
    connection.send({ type: 'stream_left', streamId });
  });

  gateway.handle('stream_chat', async (connection, message) => {
    if (!connection.userId) throw new DomainError('unauthorized', LIVE_STREAM_MESSAGES.chatSignInRequired, 401);
    const { streamId } = requireJoined(connection, message.streamId);
    if (!(await presence.allowChat(connection.userId, gateway.limits.WS_MAX_CHAT_PER_10S))) {
      throw new DomainError('rate_limited', LIVE_STREAM_MESSAGES.chatRateLimited, 429);
    }
    const messageId = randomUUID();
    const result = await runLiveStreamCommand(
      store,
      streamId,
      {
        type: 'PostStreamChatMessage',
        messageId,
        userId: connection.userId,
        content: message.content,
        now: new Date(),
      },
      { metadata: gateway.metadata(connection) },
    );
    const posted = result.events[0];
    if (posted?.type !== 'LiveStreamChatMessagePosted') return;
    const sender = await profiles.of(connection.userId);
    await gateway.publish(streamRoom(streamId), {
      type: 'chat_message',
      streamId,
      message: {
        id: messageId,
        content: posted.data.content,
        createdAt: posted.data.postedAt,
        user: { id: connection.userId, ...sender },
      },
    });
  });

  gateway.handle('streamer_ready', async (connection, message) => {
    const joined = requireJoined(connection, message.streamId);
    if (joined.role !== 'streamer') throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.notStreamer, 403);
    await gateway.publish(
      streamRoom(joined.streamId),
      { type: 'streamer_broadcasting', streamId: joined.streamId },
      connection,
    );
  });

  for (const type of ['webrtc_offer', 'webrtc_answer', 'webrtc_ice_candidate'] as const) {
    gateway.handle(type, async (connection, message) => {
      if (!connection.userId) throw new DomainError('unauthorized', PLATFORM_MESSAGES.signInRequired, 401);
      // Relayed only between members of one stream room: the sender's, which the target must be in too.
      const { streamId } = requireJoined(connection);
      if (message.to === connection.userId || !(await presence.isMember(streamId, message.to))) {
        throw new DomainError('not_in_stream', LIVE_STREAM_MESSAGES.relayTargetNotInStream, 403);
      }
      await gateway.publishToMember(streamRoom(streamId), message.to, {
        type,
        from: connection.userId,
        data: message.data,
      });
    });
  }

  gateway.onDisconnect(leaveCurrent);

  // Presence expires unless refreshed: an instance that dies stops counting its sockets.
  gateway.onHeartbeat(async (connections) => {
    const entries = connections.flatMap((connection) => {
      const joined = joinedStream(connection);
      return joined ? [{ streamId: joined.streamId, connection, asViewer: joined.role === 'viewer' }] : [];
    });
    await presence.refresh(entries);
  });

  // Whichever instance ended the stream (or the duet), every instance drops its sockets' media.
  gateway.onRoomMessage((room, message) => {
    if (!('streamId' in message) || room !== streamRoom(message.streamId)) return;
    if (message.type === 'stream_ended') {
      duets.setPartner(message.streamId, null);
      // Redis away: the stream's claim expires by itself; the process must not die of it.
      media
        .endStream(message.streamId)
        .catch((error: unknown) =>
          ctx.logger.error({ err: error, streamId: message.streamId }, "could not end a stream's media here"),
        );
    } else if (message.type === 'duet_started') {
      duets.setPartner(message.streamId, message.partner.id);
    } else if (message.type === 'duet_ended') {
      duets.setPartner(message.streamId, null);
      duets.cancelGrace(message.streamId, message.partnerId);
      for (const socket of duets.socketsOf(message.streamId, message.partnerId))
        media
          .closeProducers(message.streamId, socket.id)
          .catch((error: unknown) =>
            ctx.logger.error({ err: error, streamId: message.streamId }, "could not stop a duet partner's tracks"),
          );
    }
  });

  registerMediaSignalling(gateway, ctx);
}
