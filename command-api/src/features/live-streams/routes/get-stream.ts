import { LIVE_STREAM_MESSAGES, liveStreamResponse, streamIdParam } from '@myworld/schemas';
import { liveStreamById, type LiveStreamsDb } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { liveStreamsRoute } from '../context.ts';

/** One stream from the live_streams read model (the stream page, also after a reconnect); a hidden one only for its owner. */
export const getStream = liveStreamsRoute({
  method: 'GET',
  url: '/api/streams/:id',
  summary: 'One live stream',
  config: { auth: 'visitor', readModel: 'live_streams' },
  schema: { params: streamIdParam, response: { 200: liveStreamResponse } },
  handler: async ({ request, ctx, userId }) => {
    const stream = await liveStreamById(
      await ctx.readModels.query<LiveStreamsDb>('live_streams'),
      request.params.id,
      userId,
    );
    if (!stream) throw new DomainError('not_found', LIVE_STREAM_MESSAGES.notFound, 404);
    const [counted] = await ctx.presence.withCounts([stream]);
    return { stream: counted! };
  },
});
