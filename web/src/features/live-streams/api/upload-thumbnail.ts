import { STREAM_THUMBNAIL_FIELD, streamThumbnailResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/streams/{id}/thumbnail (the streamer only), multipart: the frame as the `frame` part. */
export async function uploadThumbnail(streamId: string, frame: Blob) {
  const form = new FormData();
  form.append(STREAM_THUMBNAIL_FIELD, frame, 'frame.jpg');
  return streamThumbnailResponse.parse(
    await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/thumbnail`, form),
  );
}
