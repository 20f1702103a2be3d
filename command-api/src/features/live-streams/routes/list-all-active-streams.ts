import { liveStreamList } from '@myworld/schemas';
import { activeLiveStreams, type LiveStreamsDb } from '@myworld/projections';
import { liveStreamsRoute } from '../context.ts';

/** Every live stream now (the discover tab). */
export const listAllActiveStreams = liveStreamsRoute({
  method: 'GET',
  url: '/api/streams/active/all',
  summary: 'All active live streams',
  config: { auth: 'visitor', readModel: 'live_streams' },
  schema: { response: { 200: liveStreamList } },
  handler: async ({ ctx }) => {
    const streams = await activeLiveStreams(await ctx.readModels.query<LiveStreamsDb>('live_streams'));
    // Viewer counts live in Redis (presence), not in the read model: most watched first.
    return (await ctx.presence.withCounts(streams)).sort((a, b) => b.viewerCount - a.viewerCount);
  },
});
