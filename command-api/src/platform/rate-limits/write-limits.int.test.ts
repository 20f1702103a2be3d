import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveStreamsProjection,
  mediaProjection,
  postsProjection,
  reportsProjection,
  storiesProjection,
  usersProjection,
} from '@myworld/projections';
import { newRegistration, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testModerators } from '../../features/moderation/moderation.testing.ts';
import { ROUTE_LIMITS, ROUTE_LIMIT_NAMES, type RouteLimitName } from './route-limits.ts';

/** Every named limit is set to MAX requests an hour here (the limits come from the environment). */
const MAX = 3;
const OVER = 2;

interface Burst {
  /** The caller: a fresh signed-in user (default), or a visitor from an address of its own. */
  readonly as?: 'visitor';
  /** Whether each of the first MAX requests records something (else it may be refused, but never limited). */
  readonly records: boolean;
  /** Prepares what the requests need; returns the request for the i-th call. */
  prepare(caller: {
    client: TestClient;
    userId: string | null;
  }): Promise<(i: number) => Promise<LightMyRequestResponse>>;
}

describe('write limits: every named limit answers 429 past its window, before recording anything', () => {
  let h: Harness;
  let pool: pg.Pool;
  const roles = testModerators();
  let address = 0;

  beforeAll(async () => {
    const env = Object.fromEntries(ROUTE_LIMIT_NAMES.map((name) => [ROUTE_LIMITS[name].env, `${MAX}/3600`]));
    // The read models the commands here read back (counts, a story, a report, a username).
    h = await startHarness({
      label: 'write_limits',
      projections: [
        postsProjection,
        storiesProjection,
        reportsProjection,
        usersProjection,
        liveStreamsProjection,
        mediaProjection,
      ],
      app: { roles },
      env,
    });
    pool = new pg.Pool({ connectionString: h.database.url, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await h?.stop();
  });

  const eventsInLog = async () =>
    Number((await pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);

  /** A new user with a client from an address of its own (per-address limits never meet across cases). */
  const freshUser = async (label = 'wl') => {
    const user = await h.api.signedInUser(`${label}_${randomUUID().slice(0, 8)}`);
    return {
      ...user,
      client: h.client({ cookie: user.cookie, ip: `10.60.${Math.floor(++address / 250)}.${address % 250}` }),
    };
  };
  /** Posts of `count` different authors (so no author meets the posts limit). */
  const postsOfOthers = async (count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const r = await (await freshUser('author')).client.post('/api/text-posts', { content: `Post ${i}` });
      expect(r.statusCode).toBe(201);
      ids.push((r.json() as { post: { id: string } }).post.id);
    }
    return ids;
  };
  const scheduledStream = async () => {
    const r = await (
      await freshUser('host')
    ).client.post('/api/streams/start', {
      title: 'Soon',
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(r.statusCode).toBe(201);
    return (r.json() as { stream: { id: string } }).stream.id;
  };
  const textStory = (client: TestClient, i: number) => {
    const boundary = `story${i}`;
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    return client.request({
      method: 'POST',
      url: '/api/stories',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${field('mediaType', 'text')}${field('content', `Story ${i}`)}--${boundary}--\r\n`,
    });
  };
  const future = () => new Date(Date.now() + 86_400_000).toISOString();

  const bursts: Record<RouteLimitName, Burst> = {
    register: {
      as: 'visitor',
      records: true,
      prepare:
        async ({ client }) =>
        () =>
          client.post('/api/auth/register', newRegistration('wl')),
    },
    forgotPassword: {
      as: 'visitor',
      records: false,
      prepare:
        async ({ client }) =>
        (i) =>
          client.post('/api/auth/forgot-password', { email: `nobody${i}@example.test` }),
    },
    resetPassword: {
      as: 'visitor',
      records: false,
      prepare:
        async ({ client }) =>
        () =>
          client.post('/api/auth/reset-password', { token: 'not-a-token', password: 'NewSecret123' }),
    },
    resendVerification: {
      records: true,
      prepare:
        async ({ client }) =>
        () =>
          client.post('/api/auth/resend-verification', {}),
    },
    posts: {
      records: true,
      prepare:
        async ({ client }) =>
        (i) =>
          client.post('/api/text-posts', { content: `Mine ${i}` }),
    },
    videos: {
      records: false,
      prepare:
        async ({ client }) =>
        (i) =>
          client.post('/api/videos', { videoUrl: `/objects/no-such-upload-${i}.webm` }),
    },
    stories: {
      records: true,
      prepare:
        async ({ client }) =>
        (i) =>
          textStory(client, i),
    },
    uploads: {
      records: false,
      prepare:
        async ({ client }) =>
        () =>
          client.post('/api/objects/upload', { size: 10 }),
    },
    reports: {
      records: true,
      prepare:
        async ({ client }) =>
        () =>
          client.post('/api/reports', { contentType: 'text_post', contentId: randomUUID(), reportReason: 'spam' }),
    },
    follows: {
      records: true,
      prepare: async ({ client }) => {
        const targets = await Promise.all(Array.from({ length: MAX + OVER }, () => freshUser('star')));
        return (i) => client.post(`/api/users/${targets[i]!.userId}/follow`);
      },
    },
    likes: {
      records: true,
      prepare: async ({ client }) => {
        const [postId] = await postsOfOthers(1);
        // Like, unlike, like...: one counter for both.
        return (i) =>
          i % 2 === 0 ? client.post(`/api/posts/${postId}/like`) : client.delete(`/api/posts/${postId}/like`);
      },
    },
    shares: {
      records: true,
      prepare: async ({ client }) => {
        const posts = await postsOfOthers(MAX + OVER);
        return (i) => client.post(`/api/posts/${posts[i]}/share`);
      },
    },
    comments: {
      records: true,
      prepare: async ({ client }) => {
        const [postId] = await postsOfOthers(1);
        return (i) => client.post(`/api/posts/${postId}/comments`, { content: `Comment ${i}` });
      },
    },
    messages: {
      records: true,
      prepare: async ({ client }) => {
        const friend = await freshUser('friend');
        return (i) => client.post('/api/messages', { receiverId: friend.userId, content: `Hello ${i}` });
      },
    },
    duetRequests: {
      records: false,
      prepare:
        async ({ client }) =>
        () =>
          client.post(`/api/streams/${randomUUID()}/duet/request`, {}),
    },
    reminders: {
      records: true,
      prepare: async ({ client }) => {
        const streamId = await scheduledStream();
        // Remind, cancel, remind...: one counter for both.
        return (i) =>
          i % 2 === 0
            ? client.post(`/api/streams/${streamId}/remind`)
            : client.delete(`/api/streams/${streamId}/remind`);
      },
    },
    gifts: {
      records: false,
      prepare:
        async ({ client }) =>
        () =>
          client.post(`/api/streams/${randomUUID()}/gift`, { giftType: 'rose', quantity: 1 }),
    },
    streams: {
      records: true,
      prepare:
        async ({ client }) =>
        (i) =>
          client.post('/api/streams/start', { title: `Stream ${i}`, scheduledFor: future() }),
    },
    streamThumbnails: {
      // A frame for a stream that does not exist: refused (404), yet counted.
      records: false,
      prepare:
        async ({ client }) =>
        () =>
          client.request({
            method: 'POST',
            url: `/api/streams/${randomUUID()}/thumbnail`,
            headers: { 'content-type': 'multipart/form-data; boundary=frame' },
            payload: '--frame--\r\n',
          }),
    },
    profileEdits: {
      records: true,
      prepare:
        async ({ client }) =>
        (i) =>
          client.put('/api/profile/customize', { backgroundColor: `#00000${i}` }),
    },
    accountChanges: {
      records: false,
      prepare:
        async ({ client }) =>
        (i) =>
          client.post('/api/auth/email-change', { newEmail: `new${i}@example.test`, password: 'Wrong1234' }),
    },
    views: {
      records: true,
      prepare: async ({ client }) => {
        const posts = await postsOfOthers(MAX + OVER);
        return (i) => client.post('/api/user-interactions', { contentId: posts[i], interactionType: 'view' });
      },
    },
    staffActions: {
      records: true,
      prepare: async ({ client, userId }) => {
        roles.add(userId!, 'admin');
        const people = await Promise.all(Array.from({ length: MAX + OVER }, () => freshUser('staff')));
        expect(await h.readModels.waitFor('users', await h.appendedSoFar(), 5_000)).toBe(true);
        return (i) => client.post('/api/admin/roles', { username: people[i]!.username, role: 'moderator' });
      },
    },
    otherWrites: {
      records: true,
      prepare: async ({ client }) => {
        // Deleting one's own posts (made first, under the posts limit).
        const ids: string[] = [];
        for (let i = 0; i < MAX; i++)
          ids.push(
            ((await client.post('/api/text-posts', { content: `Gone ${i}` })).json() as { post: { id: string } }).post
              .id,
          );
        return (i) => client.delete(`/api/posts/${ids[i] ?? randomUUID()}`);
      },
    },
  };

  it('covers every named limit', () => {
    expect(Object.keys(bursts).sort()).toEqual([...ROUTE_LIMIT_NAMES].sort());
  });

  it.each(ROUTE_LIMIT_NAMES)(
    '%s: the first requests pass, the rest get 429 with Retry-After and a JSON body, and record nothing',
    async (name) => {
      const burst = bursts[name];
      const user = burst.as === 'visitor' ? null : await freshUser(name.toLowerCase());
      const client = user?.client ?? h.client({ ip: `10.61.0.${ROUTE_LIMIT_NAMES.indexOf(name) + 1}` });
      const send = await burst.prepare({ client, userId: user?.userId ?? null });

      const allowed: LightMyRequestResponse[] = [];
      for (let i = 0; i < MAX; i++) allowed.push(await send(i));
      for (const answer of allowed) {
        expect(answer.statusCode, answer.body).not.toBe(429);
        expect(answer.statusCode, answer.body).toBeLessThan(burst.records ? 300 : 500);
      }
      const recorded = await eventsInLog();
      for (let i = MAX; i < MAX + OVER; i++) {
        const limited = await send(i);
        expect(limited.statusCode, limited.body).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
        expect(limited.headers['content-type']).toMatch(/^application\/json/);
        expect(limited.json()).toEqual({
          error: 'rate_limited',
          message: expect.stringMatching(/^Too many requests\..*Retry after \d+ seconds\.$/),
        });
      }
      // Nothing past the limit reached the log (counted in the table: every committed row, whatever readers see yet).
      expect(await eventsInLog()).toBe(recorded);
    },
  );

  it("a limit counts per user: another user is not held back by the first one's burst", async () => {
    const eager = await freshUser('eager');
    for (let i = 0; i < MAX; i++)
      expect((await eager.client.post('/api/text-posts', { content: `${i}` })).statusCode).toBe(201);
    expect((await eager.client.post('/api/text-posts', { content: 'one more' })).statusCode).toBe(429);
    // The same address, another user.
    const calm = h.client({
      cookie: (await h.api.signedInUser(`calm_${randomUUID().slice(0, 8)}`)).cookie,
      ip: '10.60.250.1',
    });
    const eagerSameAddress = h.client({ cookie: eager.cookie, ip: '10.60.250.1' });
    expect((await eagerSameAddress.post('/api/text-posts', { content: 'from elsewhere' })).statusCode).toBe(429);
    expect((await calm.post('/api/text-posts', { content: 'mine' })).statusCode).toBe(201);
  });

  it('a visitor is counted by address', async () => {
    const join = (ip: string) => h.client({ ip }).post(`/api/streams/${randomUUID()}/join`);
    for (let i = 0; i < MAX; i++) expect((await join('10.62.0.1')).statusCode).toBe(404);
    expect((await join('10.62.0.1')).statusCode).toBe(429);
    expect((await join('10.62.0.2')).statusCode).toBe(404);
  });
});
