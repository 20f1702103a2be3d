import { LIVE_STREAM_MESSAGES, liveStreamResponse, streamIdParam } from '@myworld/schemas';
import { liveStreamById, type LiveStreamsDb } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { noBody } from '../../../platform/http/route.ts';
import { liveStreamsRoute } from '../context.ts';
import { liveStreamFromState } from '../live-stream-view.ts';
import { loadLiveStream } from '@myworld/write-model/live-streams';

/**
 * A read, kept as POST because the client calls it so: the stream's details for the stream page,
 * from the stream's own events (a stream started a moment ago is found) with the read model's
 * extra fields when it has them. It records nothing: a viewer is counted when its socket sends
 * `join_stream`, which knows the socket that watches.
 */
export const joinStream = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/:id/join',
  summary: "A stream's details before watching it (a read; records nothing)",
  description:
    'Answers the stream from its own events, so a stream started a moment ago is found; 404 unknown, 410 ended. Joining as a viewer happens on the socket (`join_stream`), which counts the viewer.',
  config: { auth: 'visitor', limit: 'views' },
  schema: { params: streamIdParam, body: noBody, response: { 200: liveStreamResponse } },
  handler: async ({ request, ctx }) => {
    const { id } = request.params;
    const state = await loadLiveStream(ctx.store, id);
    if (state.status === 'ended') throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
    const row = await liveStreamById(await ctx.readModels.query<LiveStreamsDb>('live_streams'), id).catch(
      () => undefined,
    );
    return {
      stream: liveStreamFromState(state, await ctx.profiles.of(state.ownerId), await ctx.presence.count(id), row),
    };
  },
});
