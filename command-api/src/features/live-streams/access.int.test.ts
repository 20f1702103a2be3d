import { afterAll, beforeAll, describe } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { PNG_1X1, type TestClient, type TestSocket } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { liveStreams } from './index.ts';

describe('live streams: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'live_access', storage: true, projections: [liveStreamsProjection] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });
  const sockets: TestSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
  });

  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  /** A scheduled stream of someone else than the callers (so the owner's own refusals do not apply). */
  const scheduledByThirdParty = async () => {
    const started = await (await signedIn()).post('/api/streams/start', { title: 'Later', scheduledFor: inAnHour() });
    if (started.statusCode !== 201) throw new Error(`schedule failed: ${started.statusCode} ${started.body}`);
    return (started.json() as { stream: { id: string } }).stream.id;
  };
  /** A fan of the owner's live stream who asked for a duet and watches it (a socket in its room). */
  const duetRequestOn = async (owner: TestClient) => {
    const { id } = await streamOf(owner);
    const fan = await h.api.signedInUser();
    const socket = await h.api.socket(fan.cookie);
    sockets.push(socket);
    socket.send({ type: 'join_stream', streamId: id });
    await socket.next('stream_joined');
    const asked = await h.client({ cookie: fan.cookie }).post(`/api/streams/${id}/duet/request`, { message: 'hi' });
    if (asked.statusCode !== 200) throw new Error(`duet request failed: ${asked.statusCode} ${asked.body}`);
    return { id, fanId: fan.userId };
  };

  /** A stream the owner started; `read` carries its position so any client reads it from the read model. */
  const streamOf = async (owner: TestClient) => {
    const started = await owner.post('/api/streams/start', { title: 'Access check', category: 'music' });
    if (started.statusCode !== 201) throw new Error(`start failed: ${started.statusCode} ${started.body}`);
    const { stream, position } = started.json() as { stream: { id: string }; position: string };
    return { id: stream.id, read: { 'x-min-position': position } };
  };

  /** POST /api/streams/{id}/thumbnail with a real PNG as the `frame` part. */
  const sendFrame = async (client: TestClient, id: string) => {
    const form = new FormData();
    form.append('frame', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'frame.png');
    const request = new Request('http://form.invalid/', { method: 'POST', body: form });
    return client.request({
      method: 'POST',
      url: `/api/streams/${id}/thumbnail`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
  };

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/streams/start': {
      call: ({ client }) => client.post('/api/streams/start', { title: 'Mine' }),
      allowed: 201,
    },
    'POST /api/streams/:id/join': {
      call: async ({ client, owner }) => client.post(`/api/streams/${(await streamOf(owner)).id}/join`),
      allowed: 200,
    },
    // Only its owner ends a stream.
    'POST /api/streams/:id/end': {
      call: async ({ client, owner }) => client.post(`/api/streams/${(await streamOf(owner)).id}/end`),
      allowed: 200,
      otherUser: 403,
    },
    'GET /api/streams/active': {
      call: async ({ client, owner }) => client.get('/api/streams/active?category=music', (await streamOf(owner)).read),
      allowed: 200,
    },
    'GET /api/streams/active/all': { call: ({ client }) => client.get('/api/streams/active/all'), allowed: 200 },
    'GET /api/live-streams': { call: ({ client }) => client.get('/api/live-streams'), allowed: 200 },
    'GET /api/streams/:id': {
      call: async ({ client, owner }) => {
        const stream = await streamOf(owner);
        return client.get(`/api/streams/${stream.id}`, stream.read);
      },
      allowed: 200,
    },
    'GET /api/streams/:id/chat': {
      call: async ({ client, owner }) => client.get(`/api/streams/${(await streamOf(owner)).id}/chat`),
      allowed: 200,
    },
    'GET /api/streams/upcoming': { call: ({ client }) => client.get('/api/streams/upcoming'), allowed: 200 },
    // Only its owner sends a live stream's frames; anyone may load the newest.
    'POST /api/streams/:id/thumbnail': {
      call: async ({ client, owner }) => sendFrame(client, (await streamOf(owner)).id),
      allowed: 200,
      otherUser: 403,
    },
    'GET /api/streams/:id/thumbnail': {
      call: async ({ client, owner }) => {
        const { id } = await streamOf(owner);
        const sent = await sendFrame(owner, id);
        if (sent.statusCode !== 200) throw new Error(`frame failed: ${sent.statusCode} ${sent.body}`);
        const { thumbnailUrl, position } = sent.json() as { thumbnailUrl: string; position: string };
        return client.get(thumbnailUrl, { 'x-min-position': position });
      },
      allowed: 200,
    },
    // Only its owner starts a scheduled stream.
    'POST /api/streams/:id/go-live': {
      call: async ({ client, owner }) => {
        const scheduled = await owner.post('/api/streams/start', { title: 'Later', scheduledFor: inAnHour() });
        return client.post(`/api/streams/${(scheduled.json() as { stream: { id: string } }).stream.id}/go-live`);
      },
      allowed: 200,
      otherUser: 403,
    },
    'POST /api/streams/:id/remind': {
      call: async ({ client }) => client.post(`/api/streams/${await scheduledByThirdParty()}/remind`),
      allowed: 200,
    },
    'DELETE /api/streams/:id/remind': {
      call: async ({ client }) => client.delete(`/api/streams/${await scheduledByThirdParty()}/remind`),
      allowed: 200,
    },
    'POST /api/streams/:id/duet/request': {
      call: async ({ client }) =>
        client.post(`/api/streams/${(await streamOf(await signedIn())).id}/duet/request`, { message: 'hi' }),
      allowed: 200,
    },
    // Only the streamer answers a request.
    'POST /api/streams/:id/duet/accept': {
      call: async ({ client, owner }) => {
        const { id, fanId } = await duetRequestOn(owner);
        return client.post(`/api/streams/${id}/duet/accept`, { userId: fanId });
      },
      allowed: 200,
      otherUser: 403,
    },
    'POST /api/streams/:id/duet/decline': {
      call: async ({ client, owner }) => {
        const { id, fanId } = await duetRequestOn(owner);
        return client.post(`/api/streams/${id}/duet/decline`, { userId: fanId });
      },
      allowed: 200,
      otherUser: 403,
    },
    // The streamer (or the partner) ends a duet; anyone else is refused.
    'POST /api/streams/:id/duet/end': {
      call: async ({ client, owner }) => {
        const { id, fanId } = await duetRequestOn(owner);
        const accepted = await owner.post(`/api/streams/${id}/duet/accept`, { userId: fanId });
        if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
        return client.post(`/api/streams/${id}/duet/end`);
      },
      allowed: 200,
      otherUser: 403,
    },
  };

  testAccessMatrix(liveStreams, matrix, { visitor: async () => h.client(), user: signedIn });
});
