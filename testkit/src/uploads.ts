import type { TestClient } from './test-client.ts';

/**
 * Uploads `body` as a browser does: asks the API for a presigned address as `client`, then PUTs
 * the bytes straight to the object store. Answers the upload address (what attaching takes).
 */
export async function uploadToStore(client: TestClient, body: Buffer, contentType?: string): Promise<string> {
  const asked = await client.post('/api/objects/upload');
  if (asked.statusCode !== 200) throw new Error(`POST /api/objects/upload answered ${asked.statusCode}: ${asked.body}`);
  const { uploadURL } = asked.json() as { uploadURL: string };
  // A Buffer is a valid body; the DOM typings the browser tests compile this with do not say so.
  const put = await fetch(uploadURL, {
    method: 'PUT',
    body: body as unknown as RequestInit['body'],
    headers: contentType ? { 'content-type': contentType } : {},
  });
  if (put.status !== 200) throw new Error(`the store answered the upload PUT with ${put.status}`);
  return uploadURL;
}
