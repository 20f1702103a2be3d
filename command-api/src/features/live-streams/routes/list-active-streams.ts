import { activeStreamsQuery, liveStreamList } from '@myworld/schemas';
import { activeLiveStreams, type LiveStreamsDb } from '@myworld/projections';
import { liveStreamsRoute } from '../context.ts';

/** Live streams now, optionally of one category ("all" or none: every category). */
export const listActiveStreams = liveStreamsRoute({
  method: 'GET',
  url: '/api/streams/active',
  summary: 'Active live streams, by category',
  config: { auth: 'visitor', readModel: 'live_streams' },
  schema: { querystring: activeStreamsQuery, response: { 200: liveStreamList } },
  handler: async ({ request, ctx }) => {
    const { category } = request.query;
    const streams = await activeLiveStreams(
      await ctx.readModels.query<LiveStreamsDb>('live_streams'),
      category && category !== 'all' ? { category } : {},
    );
    // Viewer counts live in Redis (presence), not in the read model: most watched first.
    return (await ctx.presence.withCounts(streams)).sort((a, b) => b.viewerCount - a.viewerCount);
  },
});
