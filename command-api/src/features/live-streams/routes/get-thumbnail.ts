import { LIVE_STREAM_MESSAGES, streamIdParam, streamThumbnailKey } from '@myworld/schemas';
import { liveStreamById, type LiveStreamsDb } from '@myworld/projections';
import { z } from 'zod';
import { DomainError } from '@myworld/write-model';
import { liveStreamsRoute } from '../context.ts';

/** A frame is a minute old at most before the next: caches keep it that long, then ask again. */
const CACHE_CONTROL = 'public, max-age=60, must-revalidate';

const notFound = () => new DomainError('not_found', LIVE_STREAM_MESSAGES.thumbnailNotFound, 404);

/**
 * The stream's newest frame. Served while the read model shows the stream to the caller (a stream a
 * moderator hid only to its owner; a removed stream, or a deleted account's, to nobody), with its
 * checked type and ETag. `v` (the frame number in thumbnailUrl) only tells caches frames apart.
 */
export const getThumbnail = liveStreamsRoute({
  method: 'GET',
  url: '/api/streams/:id/thumbnail',
  summary: "A live stream's thumbnail (the newest frame its streamer sent)",
  description: '404 when the stream is unknown, not shown to the caller, or has no thumbnail yet.',
  config: { auth: 'visitor', readModel: 'live_streams' },
  schema: {
    params: streamIdParam,
    querystring: z.object({ v: z.coerce.number().int().positive().optional() }),
    response: { 200: z.unknown().describe('The image'), 304: z.null() },
  },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const stream = await liveStreamById(await ctx.readModels.query<LiveStreamsDb>('live_streams'), id, userId);
    const object = stream?.thumbnailUrl ? await ctx.storage.get(streamThumbnailKey(id)) : undefined;
    if (!object) {
      reply.header('cache-control', 'no-store');
      throw notFound();
    }
    reply
      .header('content-type', object.contentType ?? 'application/octet-stream')
      .header('cache-control', CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff');
    if (object.etag) reply.header('etag', object.etag);
    if (object.etag && request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.status(304).send(null);
    }
    reply.header('content-length', String(object.contentLength));
    return reply.status(200).send(object.body);
  },
});
