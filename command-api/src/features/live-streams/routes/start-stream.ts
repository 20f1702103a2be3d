import { startLiveStreamBody, startLiveStreamResponse } from '@myworld/schemas';
import { newAggregateId } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition } from '../../../platform/http/command-reply.ts';
import { liveStreamsRoute } from '../context.ts';
import { liveStreamFromState } from '../live-stream-view.ts';
import { runLiveStreamCommand } from '@myworld/write-model/live-streams';

/**
 * Goes live (`LiveStreamStarted`), or with a future `scheduledFor` schedules the stream
 * (`LiveStreamScheduled`, started later with /go-live); answers the new stream from the aggregate,
 * no read-model wait.
 */
export const startStream = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/start',
  summary: 'Start a live stream',
  description: `With an Idempotency-Key a retried start lands on the same stream. scheduledFor must be in the future and at most 30 days ahead (400 naming scheduledFor).`,
  config: { auth: 'user', command: 'StartLiveStream', limit: 'streams' },
  schema: { body: startLiveStreamBody, response: { 201: startLiveStreamResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const context = commandContext(request, userId);
    // A retried start (same Idempotency-Key) must land on the same stream, so its id derives from the key.
    const streamId = newAggregateId(context, userId, 'live-stream-start');
    const result = await runLiveStreamCommand(
      ctx.store,
      streamId,
      { type: 'StartLiveStream', streamId, userId, ...request.body, now: new Date() },
      context,
    );
    if (result.state.status === 'not_started') throw new Error('a started stream folded to not_started');
    const stream = liveStreamFromState(result.state, await ctx.profiles.of(userId), 0);
    return replyWithPosition(reply, result.position, { stream }, 201);
  },
});
