import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProjectionRunner,
  followsProjection,
  postsProjection,
  usersProjection,
  type Projection,
} from '@myworld/projections';
import { START, comparePositions, formatPosition, parsePosition } from '@myworld/schemas';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { readModelsCaughtUp } from '../http/read-model-testing.ts';
import { plainHttpClient, type PlainHttpClient } from './plain-http-client.testing.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { SessionStore } from '@myworld/write-model/sessions';

const WAIT_MS = 2_000;
const PROJECTIONS: readonly Projection[] = [usersProjection, followsProjection, postsProjection];

/**
 * Session consistency when the read models cannot keep up: this file runs the projections itself,
 * so a test can stop them. Plain HTTP with the session cookie, no consistency header unless said.
 */
describe('session reads when the read model is behind', () => {
  let h: Harness;
  let runner: ProjectionRunner | undefined;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let asAlice: PlainHttpClient;
  let asBob: PlainHttpClient;

  const startProjections = async () => {
    const { store, db, logger } = h.api.services;
    runner = new ProjectionRunner({ store, db, databaseUrl: h.database.url, projections: PROJECTIONS, logger });
    await runner.start();
    for (const p of PROJECTIONS) await h.readModels.waitFor(p.name, START, 10_000);
  };
  const stopProjections = async () => {
    await runner?.stop();
    runner = undefined;
  };

  beforeAll(async () => {
    h = await startHarness({
      label: 'stale_reads',
      projections: [],
      env: { MIN_POSITION_WAIT_MS: String(WAIT_MS), RATE_LIMIT_POSTS: '1000/3600' },
    });
    await startProjections();
    alice = await h.api.signedInUser();
    bob = await h.api.signedInUser();
    asAlice = plainHttpClient(h.api.baseUrl, alice.cookie);
    asBob = plainHttpClient(h.api.baseUrl, bob.cookie);
    expect(await readModelsCaughtUp(h, ['users', 'follows', 'posts'])).toBe(true);
  });
  afterAll(async () => {
    await stopProjections();
    await h?.stop();
  });

  it('a read that cannot catch up answers what it has, marked X-Read-Model-Stale; other sessions are not delayed; X-Min-Position still reads across sessions', async () => {
    await stopProjections();
    const changed = await asAlice.call('PATCH', '/api/users/privacy', { hideEngagement: true });
    expect(changed.status).toBe(200);
    const position = changed.position!;
    const aboutMe = await asAlice.call('PUT', '/api/profile/customize', { aboutMe: 'Written while behind' });
    expect(aboutMe.status).toBe(200);

    // Alice's own read waits the bound, then answers from the read model as it is: 200, marked stale.
    const mine = await asAlice.call<{ id: string; hideEngagement: boolean; aboutMe: string | null }>(
      'GET',
      '/api/auth/user',
    );
    expect(mine.status).toBe(200);
    expect(mine.stale).toBe(true);
    expect(mine.body).toMatchObject({ id: alice.userId, hideEngagement: false, aboutMe: null });
    expect(mine.elapsedMs).toBeGreaterThanOrEqual(WAIT_MS - 50);

    // Bob wrote nothing: his reads do not wait for Alice's writes, and are not stale.
    const bobsOwn = await asBob.call<{ id: string }>('GET', '/api/auth/user');
    expect(bobsOwn).toMatchObject({ status: 200, stale: false, body: { id: bob.userId } });
    expect(bobsOwn.elapsedMs).toBeLessThan(WAIT_MS / 2);
    const alicesProfile = await asBob.call<{ aboutMe: string | null }>('GET', `/api/users/${alice.userId}/profile`);
    expect(alicesProfile).toMatchObject({ status: 200, stale: false, body: { aboutMe: null } });
    expect(alicesProfile.elapsedMs).toBeLessThan(WAIT_MS / 2);

    // Bob asks to see Alice's write (X-Min-Position): he waits for it like she does, and is told it is stale.
    const started = performance.now();
    const asked = await fetch(`${h.api.baseUrl}/api/users/${alice.userId}/profile`, {
      headers: { cookie: bob.cookie, 'x-min-position': aboutMe.position! },
    });
    expect(asked.status).toBe(200);
    expect(asked.headers.get('x-read-model-stale')).toBe('true');
    expect(performance.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);

    // Once the read models catch up, both reads show the writes, unmarked.
    await startProjections();
    const caughtUp = await asAlice.call<{ hideEngagement: boolean; aboutMe: string }>('GET', '/api/auth/user');
    expect(caughtUp).toMatchObject({
      status: 200,
      stale: false,
      body: { hideEngagement: true, aboutMe: 'Written while behind' },
    });
    const seen = await fetch(`${h.api.baseUrl}/api/users/${alice.userId}/profile`, {
      headers: { cookie: bob.cookie, 'x-min-position': position },
    });
    expect(seen.headers.get('x-read-model-stale')).toBeNull();
    expect(await seen.json()).toMatchObject({ aboutMe: 'Written while behind' });
  });

  it("concurrent writes of one session never move its last write back: it ends at the latest answer's position", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => asAlice.call('POST', '/api/text-posts', { content: `Race ${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const latest = answers
      .map((a) => parsePosition(a.position!))
      .reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
    const sessionId = alice.cookie.slice(SESSION_COOKIE.length + 1);
    const kept = (await new SessionStore(h.redis).get(sessionId))?.lastWrite;
    expect(kept && formatPosition(kept)).toBe(formatPosition(latest));

    const grid = await asAlice.call<Array<{ content: string }>>('GET', `/api/users/${alice.userId}/posts`);
    expect(grid.stale).toBe(false);
    expect(grid.body.filter((p) => p.content.startsWith('Race '))).toHaveLength(20);
  });
});
