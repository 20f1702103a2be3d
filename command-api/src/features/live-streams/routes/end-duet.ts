import { duetResponse, streamIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { liveStreamsRoute } from '../context.ts';
import { runLiveStreamCommand } from '@myworld/write-model/live-streams';

/** The streamer or the partner ends the duet: the partner's tracks stop and the room hears `duet_ended`. */
export const endDuet = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/:id/duet/end',
  summary: 'End the duet (the streamer or the partner)',
  description: '403 for anyone else, 409 when there is no duet, 410 ended.',
  config: { auth: 'user', command: 'EndDuet', limit: 'streams' },
  schema: { params: streamIdParam, body: noBody, response: { 200: duetResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const result = await runLiveStreamCommand(
      ctx.store,
      id,
      { type: 'EndDuet', by: { kind: 'user', userId }, now: new Date() },
      commandContext(request, userId),
    );
    const ended = result.events[0];
    if (ended?.type === 'LiveStreamDuetEnded') await ctx.announceDuetEnd(id, ended.data.partnerId, ended.data.reason);
    return replyWithPosition(reply, result.position, { streamId: id, duetPartnerId: null });
  },
});
