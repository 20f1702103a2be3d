import { createHash } from 'node:crypto';
import { errorCodes } from 'fastify';
import {
  STREAM_THUMBNAIL_FIELD,
  streamIdParam,
  streamThumbnailFormFields,
  streamThumbnailPath,
  streamThumbnailKey,
  streamThumbnailResponse,
} from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition } from '../../../platform/http/command-reply.ts';
import { liveStreamsRoute } from '../context.ts';
import { checkThumbnailAllowed, loadLiveStream, runLiveStreamCommand } from '@myworld/write-model/live-streams';
import { readThumbnailFrame } from '../thumbnail-frame.ts';

/**
 * The streamer's client sends the current frame of its broadcast; the listings show it as the
 * stream's thumbnail (`LiveStreamThumbnailUpdated`). Owner and live are checked before a byte is
 * stored, so nobody else's frame ever replaces the streamer's.
 */
export const updateThumbnail = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/:id/thumbnail',
  summary: "Set a live stream's thumbnail to a frame of the broadcast (its owner only)",
  description:
    'multipart/form-data with one file part `frame`: a JPEG, PNG or WebP (judged by its bytes) of at most 512 KB. ' +
    '400 naming frame for a missing, too large or wrong-typed file; 403 for anyone but the owner, 404 unknown, ' +
    '409 scheduled (not live yet), 410 ended. A newer frame replaces the older.',
  config: {
    auth: 'user',
    command: 'UpdateThumbnail',
    multipart: { fields: streamThumbnailFormFields, files: [STREAM_THUMBNAIL_FIELD] },
    limit: 'streamThumbnails',
  },
  schema: { params: streamIdParam, response: { 200: streamThumbnailResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    if (!request.isMultipart()) throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
    const { id } = request.params;
    const refuseRest = (error: unknown) => {
      // The rest of a refused body is left unread: close the connection after answering.
      reply.header('connection', 'close');
      throw error;
    };
    await loadLiveStream(ctx.store, id)
      .then((state) => checkThumbnailAllowed(state, userId))
      .catch(refuseRest);
    const frame = await readThumbnailFrame(request).catch(refuseRest);
    // An Idempotency-Key's request fingerprint covers the frame's bytes.
    request.body = { frame: createHash('sha256').update(frame.bytes).digest('hex') };
    const key = streamThumbnailKey(id);
    await ctx.storage.put(key, frame.bytes, frame.contentType, frame.bytes.length);
    const result = await runLiveStreamCommand(
      ctx.store,
      id,
      { type: 'UpdateThumbnail', userId, key, contentType: frame.contentType, now: new Date() },
      commandContext(request, userId),
    ).catch(async (error: unknown) => {
      // The stream ended while the frame was stored: the reactor that deletes an ended stream's
      // frame may have run already, so this one goes now.
      if (error instanceof DomainError && error.status === 410) await ctx.storage.delete(key);
      throw error;
    });
    if (result.state.status === 'not_started') throw new Error('a stream with a thumbnail folded to not_started');
    const thumbnailUrl = streamThumbnailPath(id, result.state.thumbnailFrames);
    return replyWithPosition(reply, result.position, { streamId: id, thumbnailUrl });
  },
});
