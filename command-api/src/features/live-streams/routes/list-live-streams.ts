import { liveStreamList } from '@myworld/schemas';
import { liveAndUpcomingStreams, type LiveStreamsDb } from '@myworld/projections';
import { liveStreamsRoute } from '../context.ts';

/** The live listing: streams live now and scheduled ones. */
export const listLiveStreams = liveStreamsRoute({
  method: 'GET',
  url: '/api/live-streams',
  summary: 'Live and upcoming streams',
  config: { auth: 'visitor', readModel: 'live_streams' },
  schema: { response: { 200: liveStreamList } },
  handler: async ({ ctx }) => {
    // Viewer counts come from Redis presence, not from the read model: live ones most watched first.
    const streams = await ctx.presence.withCounts(
      await liveAndUpcomingStreams(await ctx.readModels.query<LiveStreamsDb>('live_streams')),
    );
    return streams.sort((a, b) => (a.isActive && b.isActive ? b.viewerCount - a.viewerCount : 0));
  },
});
