import { goLiveResponse, streamIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { liveStreamsRoute } from '../context.ts';
import { liveStreamFromState } from '../live-stream-view.ts';
import { runLiveStreamCommand } from '@myworld/write-model/live-streams';

/** The owner starts a scheduled stream (also before its announced time): `LiveStreamWentLive`. */
export const goLive = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/:id/go-live',
  summary: 'Start a scheduled stream (its owner only)',
  description: '403 for anyone but the owner, 404 unknown, 409 not scheduled (already live), 410 ended or cancelled.',
  config: { auth: 'user', command: 'GoLive', limit: 'streams' },
  schema: { params: streamIdParam, body: noBody, response: { 200: goLiveResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const result = await runLiveStreamCommand(
      ctx.store,
      request.params.id,
      { type: 'GoLive', userId, now: new Date() },
      commandContext(request, userId),
    );
    if (result.state.status === 'not_started') throw new Error('a stream that went live folded to not_started');
    const stream = liveStreamFromState(result.state, await ctx.profiles.of(userId), 0);
    return replyWithPosition(reply, result.position, { stream });
  },
});
