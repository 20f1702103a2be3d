import { afterAll, beforeAll, describe } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { startHarness, type Harness, type TestClient } from '@myworld/testkit';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { liveStreams } from './index.ts';

describe('live streams: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'live_access', projections: [liveStreamsProjection] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });

  /** A stream the owner started; `read` carries its position so any client reads it from the read model. */
  const streamOf = async (owner: TestClient) => {
    const started = await owner.post('/api/streams/start', { title: 'Access check', category: 'music' });
    if (started.statusCode !== 201) throw new Error(`start failed: ${started.statusCode} ${started.body}`);
    const { stream, position } = started.json() as { stream: { id: string }; position: string };
    return { id: stream.id, read: { 'x-min-position': position } };
  };

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/streams/start': { call: ({ client }) => client.post('/api/streams/start', { title: 'Mine' }), allowed: 201 },
    'POST /api/streams/:id/join': { call: async ({ client, owner }) => client.post(`/api/streams/${(await streamOf(owner)).id}/join`), allowed: 200 },
    // Only its owner ends a stream.
    'POST /api/streams/:id/end': { call: async ({ client, owner }) => client.post(`/api/streams/${(await streamOf(owner)).id}/end`), allowed: 200, otherUser: 403 },
    'GET /api/streams/active': { call: async ({ client, owner }) => client.get('/api/streams/active?category=music', (await streamOf(owner)).read), allowed: 200 },
    'GET /api/streams/active/all': { call: ({ client }) => client.get('/api/streams/active/all'), allowed: 200 },
    'GET /api/live-streams': { call: ({ client }) => client.get('/api/live-streams'), allowed: 200 },
    'GET /api/streams/:id': {
      call: async ({ client, owner }) => {
        const stream = await streamOf(owner);
        return client.get(`/api/streams/${stream.id}`, stream.read);
      },
      allowed: 200,
    },
    'GET /api/streams/:id/chat': { call: async ({ client, owner }) => client.get(`/api/streams/${(await streamOf(owner)).id}/chat`), allowed: 200 },
  };

  testAccessMatrix(liveStreams, matrix, { visitor: async () => h.client(), user: signedIn });
});
