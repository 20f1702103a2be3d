import { randomUUID } from 'node:crypto';
import { LIVE_STREAM_MESSAGES, PLATFORM_MESSAGES } from '@myworld/schemas';
import { DomainError } from '../../platform/commands/domain-error.ts';
import type { Connection } from '../../platform/ws/connection.ts';
import { streamRoom, userRoom, type SocketGateway } from '../../platform/ws/gateway.ts';
import type { LiveStreamsContext } from './context.ts';
import { describeSfuError } from './live-media.ts';
import { runLiveStreamCommand } from './live-stream.store.ts';
import { JOINED, joinedStream, requireJoined, type JoinedStream } from './joined-stream.ts';
import { registerMediaSignalling } from './media-signalling.ts';

/**
 * The live-stream socket messages: join_stream / leave_stream (viewer joined / left events and
 * viewer_joined / viewer_left broadcasts), stream_chat (the chat event, then chat_message to the
 * room with the sender's name and picture), streamer_ready (streamer_broadcasting), the webrtc_*
 * relays between users, and the media_* signalling of the SFU (media-signalling.ts).
 */
export function liveStreamsSocket(gateway: SocketGateway, ctx: LiveStreamsContext): void {
  const { store, media, profiles } = ctx;
  gateway.describeErrors(describeSfuError);

  const leaveCurrent = async (connection: Connection) => {
    const joined = joinedStream(connection);
    if (!joined) return;
    connection.state.delete(JOINED);
    await gateway.leave(connection, streamRoom(joined.streamId));
    await media.leave(joined.streamId, connection.id);
    const result = await runLiveStreamCommand(store, joined.streamId, { type: 'LeaveLiveStream', viewerId: connection.id, now: new Date() }, { metadata: gateway.metadata(connection) });
    if (result.appended && result.state.status === 'live') {
      await gateway.publish(streamRoom(joined.streamId), { type: 'viewer_left', streamId: joined.streamId, viewerCount: result.state.viewers.size });
    }
  };

  gateway.handle('join_stream', async (connection, { streamId }) => {
    if (joinedStream(connection)?.streamId === streamId) {
      throw new DomainError('already_joined', 'You are already in this stream', 409);
    }
    await leaveCurrent(connection);
    const result = await runLiveStreamCommand(store, streamId, { type: 'JoinLiveStream', viewerId: connection.id, userId: connection.userId, now: new Date() }, { metadata: gateway.metadata(connection) });
    if (result.state.status !== 'live') throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
    const role = connection.userId === result.state.ownerId ? 'streamer' : 'viewer';
    connection.state.set(JOINED, { streamId, ownerId: result.state.ownerId, role } satisfies JoinedStream);
    await gateway.join(connection, streamRoom(streamId));
    const sfu = await media.started();
    const broadcasting = sfu?.hasStream(streamId) ? (await sfu.listProducers(streamId).catch(() => [])).length > 0 : false;
    const viewerCount = result.state.viewers.size;
    connection.send({ type: 'stream_joined', streamId, role, viewerCount, broadcasting });
    if (result.appended) {
      const username = connection.userId ? (await profiles.of(connection.userId)).username : null;
      await gateway.publish(streamRoom(streamId), { type: 'viewer_joined', streamId, viewerCount, username }, connection);
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
    const messageId = randomUUID();
    const result = await runLiveStreamCommand(
      store,
      streamId,
      { type: 'PostStreamChatMessage', messageId, userId: connection.userId, content: message.content, now: new Date() },
      { metadata: gateway.metadata(connection) },
    );
    const posted = result.events[0];
    if (posted?.type !== 'LiveStreamChatMessagePosted') return;
    const sender = await profiles.of(connection.userId);
    await gateway.publish(streamRoom(streamId), {
      type: 'chat_message',
      streamId,
      message: { id: messageId, content: posted.data.content, createdAt: posted.data.postedAt, user: { id: connection.userId, ...sender } },
    });
  });

  gateway.handle('streamer_ready', async (connection, message) => {
    const joined = requireJoined(connection, message.streamId);
    if (joined.role !== 'streamer') throw new DomainError('forbidden', LIVE_STREAM_MESSAGES.notStreamer, 403);
    await gateway.publish(streamRoom(joined.streamId), { type: 'streamer_broadcasting', streamId: joined.streamId }, connection);
  });

  for (const type of ['webrtc_offer', 'webrtc_answer', 'webrtc_ice_candidate'] as const) {
    gateway.handle(type, async (connection, message) => {
      if (!connection.userId) throw new DomainError('unauthorized', PLATFORM_MESSAGES.signInRequired, 401);
      requireJoined(connection);
      await gateway.publish(userRoom(message.to), { type, from: connection.userId, data: message.data });
    });
  }

  gateway.onDisconnect(leaveCurrent);

  // Whichever instance ended the stream, every instance drops its sockets' membership and media.
  gateway.onRoomMessage((room, message) => {
    if (message.type !== 'stream_ended' || room !== streamRoom(message.streamId)) return;
    void media.endStream(message.streamId);
  });

  registerMediaSignalling(gateway, ctx);
}
