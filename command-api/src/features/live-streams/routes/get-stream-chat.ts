import { streamChatHistory, streamIdParam } from '@myworld/schemas';
import { recentStreamChat, type LiveStreamsDb } from '@myworld/projections';
import { liveStreamsRoute } from '../context.ts';

/** A stream's recent chat (a socket that reconnects re-reads it here). */
export const getStreamChat = liveStreamsRoute({
  method: 'GET',
  url: '/api/streams/:id/chat',
  summary: "A stream's recent chat messages",
  config: { auth: 'visitor', readModel: 'live_streams' },
  schema: { params: streamIdParam, response: { 200: streamChatHistory } },
  handler: async ({ request, ctx }) => ({
    messages: await recentStreamChat(await ctx.readModels.query<LiveStreamsDb>('live_streams'), request.params.id),
  }),
});
