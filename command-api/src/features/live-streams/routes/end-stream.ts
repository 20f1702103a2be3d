import { endLiveStreamResponse, streamIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { liveStreamsRoute } from '../context.ts';
import { runLiveStreamCommand } from '@myworld/write-model/live-streams';

/** The owner ends the stream: `LiveStreamEnded`, its media stops and every socket in its room hears `stream_ended`. */
export const endStream = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/:id/end',
  summary: 'End a live stream (its owner only)',
  description: '403 for anyone but the owner, 404 unknown, 410 already ended.',
  config: { auth: 'user', command: 'EndLiveStream', limit: 'streams' },
  schema: { params: streamIdParam, body: noBody, response: { 200: endLiveStreamResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const result = await runLiveStreamCommand(
      ctx.store,
      id,
      { type: 'EndLiveStream', by: { kind: 'user', userId }, now: new Date() },
      commandContext(request, userId),
    );
    if (result.appended) await ctx.announceEnd(id, 'owner');
    return replyWithPosition(reply, result.position, { stream: { id, isActive: false as const } });
  },
});
