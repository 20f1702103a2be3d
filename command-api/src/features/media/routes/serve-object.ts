import { MEDIA_MESSAGES, objectKey } from '@myworld/schemas';
import { mediaFileByKey, type MediaDb } from '@myworld/projections';
import { z } from 'zod';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { mediaRoute } from '../context.ts';
import { servableFromLog } from '../servable-from-log.ts';

/** Keys never change content (every upload and variant gets a fresh key): browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = () => new DomainError('not_found', MEDIA_MESSAGES.objectNotFound, 404);

/**
 * Serves a stored file of a media object (or of the built-in background catalogue) from the
 * object store, with its checked Content-Type, ETag and HTTP Range (206) so videos seek. An
 * upload nothing attached, a rejected one, or any other key answers 404.
 */
export const serveObject = mediaRoute({
  method: 'GET',
  url: '/objects/*',
  summary: 'A stored media file (Range supported)',
  config: { auth: 'visitor', readModel: 'media' },
  schema: {
    params: z.object({ '*': objectKey }),
    response: { 200: z.unknown().describe('The file'), 206: z.unknown().describe('A byte range of it'), 304: z.null(), 416: z.null() },
  },
  handler: async ({ request, reply, ctx }) => {
    const key = request.params['*'];
    const file =
      (await ctx.catalogue.servable(key)) ??
      (await mediaFileByKey(await ctx.readModels.query<MediaDb>('media'), key)) ??
      // Attached a moment ago, before the read model caught up: the log knows.
      (await servableFromLog(ctx.store, key));
    if (!file) throw notFound();

    const range = request.headers.range;
    const etagWanted = request.headers['if-none-match'];
    const object = await ctx.storage.get(key, typeof range === 'string' && /^bytes=\d*-\d*$/.test(range) ? range : undefined).catch((error: unknown) => {
      // A range past the end: the store answers 416.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return 'unsatisfiable' as const;
      throw error;
    });
    if (object === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${file.size}`).send(null);
    if (!object) throw notFound();
    reply.header('content-type', file.contentType).header('accept-ranges', 'bytes').header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff');
    if (object.etag) reply.header('etag', object.etag);
    if (object.etag && etagWanted === object.etag) {
      object.body.destroy();
      return reply.status(304).send(null);
    }
    reply.header('content-length', String(object.contentLength));
    if (object.contentRange) reply.header('content-range', object.contentRange);
    return reply.status(object.status).send(object.body);
  },
});
