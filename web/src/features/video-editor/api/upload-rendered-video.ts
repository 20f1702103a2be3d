import { uploadUrlResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * Uploads the rendered video through the media pipeline's one-file path: POST /api/objects/upload
 * for a presigned PUT address, then the file PUT straight to storage (the media upload calls), with
 * progress. The address is what POST /api/videos takes; the server checks the file when attached.
 * The file's size is signed into the address, so the store takes no other body.
 */
export async function uploadRenderedVideo(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const { uploadURL } = uploadUrlResponse.parse(await apiJson('POST', '/api/objects/upload', { size: file.size }));
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadURL);
    xhr.setRequestHeader('content-type', file.type || 'video/webm');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new Error(`${xhr.status}: ${xhr.statusText || 'the upload failed'}`));
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again'));
    xhr.send(file);
  });
  onProgress(1);
  return uploadURL;
}
