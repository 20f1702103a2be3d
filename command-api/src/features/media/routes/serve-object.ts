import { MEDIA_MESSAGES, objectKey } from '@myworld/schemas';
import { mediaFileToServe, type MediaDb, type ServableFile } from '@myworld/projections';
import { z } from 'zod';
import { DomainError } from '@myworld/write-model';
import { mediaRoute, type MediaContext } from '../context.ts';
import { servableFromLog } from '../servable-from-log.ts';

/**
 * User media may be hidden or deleted at any time, so no cache may keep it as immutable: a short
 * lifetime, then revalidation (ETag, Last-Modified), and a CDN can purge `/objects/<key>`.
 */
const cacheControl = (maxAge: number) => `public, max-age=${maxAge}, must-revalidate`;

const notFound = () => new DomainError('not_found', MEDIA_MESSAGES.objectNotFound, 404);

/**
 * The file `key` is served as, or undefined (404): a catalogue image; a media file the read model
 * knows and holds nothing against; else what the log says (attached a moment ago). An original is
 * served as its processed form (see mediaFileToServe).
 */
async function fileToServe(ctx: MediaContext, key: string): Promise<ServableFile | undefined> {
  const catalogued = await ctx.catalogue.servable(key);
  if (catalogued) return catalogued;
  const known = await mediaFileToServe(await ctx.readModels.query<MediaDb>('media'), key);
  if (known.status === 'refused') return undefined;
  if (known.status === 'servable') return known.file;
  return servableFromLog(ctx.store, key);
}

/**
 * Serves a stored file of a media object (or of the built-in background catalogue) from the
 * object store, with its checked Content-Type, ETag and HTTP Range (206) so videos seek. An
 * upload nothing attached, a rejected one, a file of hidden, removed or deleted content or of a
 * hidden, suspended or deleted user, or any other key answers 404 (not stored by any cache). An
 * original answers its processed variant's bytes, which carry no EXIF or GPS.
 */
export const serveObject = mediaRoute({
  method: 'GET',
  url: '/objects/*',
  summary: 'A stored media file (Range supported)',
  config: { auth: 'visitor', readModel: 'media' },
  schema: {
    params: z.object({ '*': objectKey }),
    response: {
      200: z.unknown().describe('The file'),
      206: z.unknown().describe('A byte range of it'),
      304: z.null(),
      416: z.null(),
    },
  },
  handler: async ({ request, reply, ctx }) => {
    const key = request.params['*'];
    const file = await fileToServe(ctx, key);
    if (!file) {
      reply.header('cache-control', 'no-store');
      throw notFound();
    }

    const range = request.headers.range;
    const etagWanted = request.headers['if-none-match'];
    const object = await ctx.storage
      .get(file.key, typeof range === 'string' && /^bytes=\d*-\d*$/.test(range) ? range : undefined)
      .catch((error: unknown) => {
        // A range past the end: the store answers 416.
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416)
          return 'unsatisfiable' as const;
        throw error;
      });
    if (object === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${file.size}`).send(null);
    if (!object) {
      reply.header('cache-control', 'no-store');
      throw notFound();
    }
    reply
      .header('content-type', file.contentType)
      .header('accept-ranges', 'bytes')
      .header('cache-control', cacheControl(ctx.config.MEDIA_CACHE_MAX_AGE_SECONDS))
      .header('x-content-type-options', 'nosniff');
    if (object.etag) reply.header('etag', object.etag);
    if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
    const modifiedSince = request.headers['if-modified-since'];
    const unchangedSince =
      !etagWanted &&
      object.lastModified &&
      typeof modifiedSince === 'string' &&
      Math.floor(object.lastModified.getTime() / 1000) <= Math.floor(Date.parse(modifiedSince) / 1000);
    if ((object.etag && etagWanted === object.etag) || unchangedSince) {
      object.body.destroy();
      return reply.status(304).send(null);
    }
    reply.header('content-length', String(object.contentLength));
    if (object.contentRange) reply.header('content-range', object.contentRange);
    return reply.status(object.status).send(object.body);
  },
});
