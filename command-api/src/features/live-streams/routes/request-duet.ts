import { duetRequestBody, duetResponse, streamIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition } from '../../../platform/http/command-reply.ts';
import { streamRoom } from '../../../platform/ws/gateway.ts';
import { liveStreamsRoute } from '../context.ts';
import { runLiveStreamCommand } from '@myworld/write-model/live-streams';

/** A viewer asks the streamer for a duet: `duet_request` reaches the streamer's sockets in the stream. */
export const requestDuet = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/:id/duet/request',
  summary: 'Ask the streamer for a duet',
  description:
    '403 on your own stream or one that does not accept duets, 409 not live yet or a partner already there, 410 ended. Asking again while pending asks again.',
  config: { auth: 'user', command: 'RequestDuet', limit: 'duetRequests' },
  schema: { params: streamIdParam, body: duetRequestBody, response: { 200: duetResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const result = await runLiveStreamCommand(
      ctx.store,
      id,
      { type: 'RequestDuet', userId, message: request.body.message, now: new Date() },
      commandContext(request, userId),
    );
    if (result.state.status === 'not_started') throw new Error('a duet request folded to not_started');
    const requested = result.events[0];
    if (requested?.type === 'LiveStreamDuetRequested') {
      const from = { id: userId, ...(await ctx.profiles.of(userId)) };
      await ctx.gateway.publishToMember(streamRoom(id), result.state.ownerId, {
        type: 'duet_request',
        streamId: id,
        from,
        message: requested.data.message,
      });
    }
    return replyWithPosition(reply, result.position, { streamId: id, duetPartnerId: result.state.duetPartnerId });
  },
});
