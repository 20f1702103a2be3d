import { z } from 'zod';
import { upcomingStreamsQuery, upcomingStreamsResponse } from '@myworld/schemas';
import { upcomingStreamsPage, type LiveStreamsDb } from '@myworld/projections';
import { decodeCursor, encodeCursor } from '../../../platform/http/page-cursor.ts';
import { liveStreamsRoute } from '../context.ts';

/** The opaque cursor's content: the last stream's start time and id. */
const upcomingCursor = z.object({ at: z.iso.datetime({ offset: true }), id: z.string().min(1).max(200) }).strict();

/** Upcoming Streams: scheduled ones, soonest first, with their reminder counts and the reader's own reminders. */
export const listUpcomingStreams = liveStreamsRoute({
  method: 'GET',
  url: '/api/streams/upcoming',
  summary: 'Scheduled streams, soonest first',
  description:
    "Paged with `cursor` (the previous answer's `nextCursor`); `reminded` is the signed-in reader's own reminder (false for visitors).",
  config: { auth: 'visitor', readModel: 'live_streams' },
  schema: { querystring: upcomingStreamsQuery, response: { 200: upcomingStreamsResponse } },
  handler: async ({ request, ctx, userId }) => {
    const { limit, cursor } = request.query;
    const key = decodeCursor(upcomingCursor, cursor);
    const db = await ctx.readModels.query<LiveStreamsDb>('live_streams');
    const { streams, next } = await upcomingStreamsPage(db, {
      after: key && { at: new Date(key.at), id: key.id },
      limit,
      readerId: userId,
    });
    return { streams, nextCursor: next ? encodeCursor({ at: next.at.toISOString(), id: next.id }) : null };
  },
});
