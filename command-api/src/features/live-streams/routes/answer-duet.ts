import { duetAnswerBody, duetResponse, streamIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition } from '../../../platform/http/command-reply.ts';
import { streamRoom } from '../../../platform/ws/gateway.ts';
import { liveStreamsRoute } from '../context.ts';
import { runLiveStreamCommand } from '@myworld/write-model/live-streams';

/** The streamer accepts a pending request: the partner joins the stream's media and the room hears `duet_started`. */
export const acceptDuet = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/:id/duet/accept',
  summary: 'Accept a duet request (the streamer only)',
  description:
    '403 for anyone but the streamer; 409 when that user did not ask, is not in the stream, or a partner is already there; 410 ended.',
  config: { auth: 'user', command: 'AcceptDuet', limit: 'streams' },
  schema: { params: streamIdParam, body: duetAnswerBody, response: { 200: duetResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const partnerId = request.body.userId;
    // The partner broadcasts from the socket they watch with, so they must be in the room.
    const partnerInRoom = await ctx.presence.isMember(id, partnerId);
    const result = await runLiveStreamCommand(
      ctx.store,
      id,
      { type: 'AcceptDuet', by: userId, userId: partnerId, partnerInRoom, now: new Date() },
      commandContext(request, userId),
    );
    if (result.events[0]?.type === 'LiveStreamDuetStarted') {
      const partner = { id: partnerId, ...(await ctx.profiles.of(partnerId)) };
      await ctx.gateway.publish(streamRoom(id), { type: 'duet_started', streamId: id, partner });
    }
    return replyWithPosition(reply, result.position, { streamId: id, duetPartnerId: partnerId });
  },
});

/** The streamer declines a pending request: `duet_declined` reaches the requester's sockets in the stream. */
export const declineDuet = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/:id/duet/decline',
  summary: 'Decline a duet request (the streamer only)',
  description: '403 for anyone but the streamer; 409 when that user has no pending request; 410 ended.',
  config: { auth: 'user', command: 'DeclineDuet', limit: 'streams' },
  schema: { params: streamIdParam, body: duetAnswerBody, response: { 200: duetResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const requester = request.body.userId;
    const result = await runLiveStreamCommand(
      ctx.store,
      id,
      { type: 'DeclineDuet', by: userId, userId: requester, now: new Date() },
      commandContext(request, userId),
    );
    if (result.state.status === 'not_started') throw new Error('a declined duet folded to not_started');
    if (result.events[0]?.type === 'LiveStreamDuetDeclined')
      await ctx.gateway.publishToMember(streamRoom(id), requester, { type: 'duet_declined', streamId: id });
    return replyWithPosition(reply, result.position, { streamId: id, duetPartnerId: result.state.duetPartnerId });
  },
});
