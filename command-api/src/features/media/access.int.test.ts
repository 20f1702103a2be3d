import { afterAll, beforeAll, describe, expect } from 'vitest';
import { mediaProjection, usersProjection } from '@myworld/projections';
import { mediaStreamName } from '@myworld/schemas';
import { PNG_1X1, uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { media } from './index.ts';
import { mediaIdOfStoredKey } from './upload-keys.ts';

describe('media: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    // The workers process pictures: an original is served as its processed variant.
    h = await startHarness({
      label: 'media_access',
      storage: true,
      workers: true,
      projections: [mediaProjection, usersProjection],
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });

  /** A multipart upload the owner started, with its first part sent: what the later calls name. */
  const multipartOf = async (owner: TestClient) => {
    const { uploadId, key } = (
      await owner.post('/api/uploads/s3/multipart', { filename: 'a.mp4', type: 'video/mp4' })
    ).json() as { uploadId: string; key: string };
    const path = `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}`;
    const query = `?key=${encodeURIComponent(key)}`;
    const { url } = (await owner.get(`${path}/1${query}`)).json() as { url: string };
    const etag = (await fetch(url, { method: 'PUT', body: PNG_1X1 })).headers.get('etag')!;
    return { path, query, etag };
  };

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/objects/upload': { call: ({ client }) => client.post('/api/objects/upload'), allowed: 200 },
    'POST /api/objects/normalize-path': {
      call: async ({ client, owner }) =>
        client.post('/api/objects/normalize-path', {
          uploadURL: (await owner.post('/api/objects/upload')).json().uploadURL,
        }),
      allowed: 200,
      otherUser: 400,
    },
    'POST /api/uploads/s3/multipart': {
      call: ({ client }) => client.post('/api/uploads/s3/multipart', { filename: 'b.mov', type: 'video/quicktime' }),
      allowed: 200,
    },
    'GET /api/uploads/s3/multipart/:uploadId/:partNumber': {
      call: async ({ client, owner }) => {
        const m = await multipartOf(owner);
        return client.get(`${m.path}/2${m.query}`);
      },
      allowed: 200,
      otherUser: 403,
    },
    'GET /api/uploads/s3/multipart/:uploadId': {
      call: async ({ client, owner }) => {
        const m = await multipartOf(owner);
        return client.get(`${m.path}${m.query}`);
      },
      allowed: 200,
      otherUser: 403,
    },
    'POST /api/uploads/s3/multipart/:uploadId/complete': {
      call: async ({ client, owner }) => {
        const m = await multipartOf(owner);
        return client.post(`${m.path}/complete${m.query}`, { parts: [{ PartNumber: 1, ETag: m.etag }] });
      },
      allowed: 200,
      otherUser: 403,
    },
    'DELETE /api/uploads/s3/multipart/:uploadId': {
      call: async ({ client, owner }) => {
        const m = await multipartOf(owner);
        return client.delete(`${m.path}${m.query}`);
      },
      allowed: 200,
      otherUser: 403,
    },
    // Attached media is public; the owner's picture, fetched by anyone.
    'GET /objects/*': {
      call: async ({ client, owner }) => {
        const uploadURL = await uploadToStore(owner, PNG_1X1);
        const { objectPath } = (await owner.put('/api/profile/picture', { profileImageURL: uploadURL })).json() as {
          objectPath: string;
        };
        const stream = mediaStreamName(mediaIdOfStoredKey(objectPath.slice('/objects/'.length))!);
        await expect
          .poll(async () => (await h.store.readStream(stream)).map((e) => e.type), { timeout: 30_000, interval: 250 })
          .toContain('MediaProcessed');
        return client.get(objectPath);
      },
      allowed: 200,
    },
    'GET /api/backgrounds/categories': {
      call: ({ client }) => client.get('/api/backgrounds/categories'),
      allowed: 200,
    },
    'GET /api/backgrounds/search': {
      call: ({ client }) => client.get('/api/backgrounds/search?query=galaxy'),
      allowed: 200,
    },
  };

  testAccessMatrix(media, matrix, { visitor: async () => h.client(), user: signedIn });
});
