import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followsProjection, postsProjection, usersProjection } from '@myworld/projections';
import { PNG_1X1, newRegistration } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { plainHttpClient, type PlainHttpClient } from './plain-http-client.testing.ts';

/**
 * A session reads its own writes with no consistency header at all, as a script, a mobile app or
 * any third-party client would call the API: plain HTTP and the session cookie, nothing else.
 * Every write is read back at once, 50 times over, and must show every time.
 */
const REPEATS = 50;

describe('read-your-writes for every session, with no X-Min-Position', () => {
  let h: Harness;
  let alice: SignedInUser;
  let asAlice: PlainHttpClient;
  const plain = (cookie?: string) => plainHttpClient(h.api.baseUrl, cookie);

  beforeAll(async () => {
    h = await startHarness({
      label: 'read_your_writes',
      projections: [usersProjection, followsProjection, postsProjection],
      env: {
        RATE_LIMIT_PROFILE_EDITS: '1000/3600',
        RATE_LIMIT_FOLLOWS: '1000/3600',
        RATE_LIMIT_LIKES: '1000/3600',
        RATE_LIMIT_POSTS: '1000/3600',
        RATE_LIMIT_UPLOADS: '1000/3600',
        RATE_LIMIT_REGISTER: '1000/300',
      },
    });
    alice = await h.api.signedInUser();
    asAlice = plain(alice.cookie);
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** Asserts the answer is fresh: a 200 (or `status`) with no stale mark. */
  const fresh = <T>(res: { status: number; stale: boolean; body: T }, status = 200): T => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.stale).toBe(false);
    return res.body;
  };

  it('privacy: PATCH /api/users/privacy, then GET /api/auth/user shows the new setting', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const hideEngagement = i % 2 === 0;
      fresh(await asAlice.call('PATCH', '/api/users/privacy', { hideEngagement }));
      const me = fresh(await asAlice.call<{ hideEngagement: boolean }>('GET', '/api/auth/user'));
      expect(me.hideEngagement, `repeat ${i}`).toBe(hideEngagement);
    }
  });

  it('profile customize: PUT /api/profile/customize, then GET /api/auth/user shows the new look', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const aboutMe = `About me, take ${i}`;
      fresh(await asAlice.call('PUT', '/api/profile/customize', { aboutMe }));
      const me = fresh(await asAlice.call<{ aboutMe: string }>('GET', '/api/auth/user'));
      expect(me.aboutMe, `repeat ${i}`).toBe(aboutMe);
    }
  });

  it('picture: PUT /api/profile/picture, then GET /api/auth/user shows the new picture', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const { uploadURL } = fresh(await asAlice.call<{ uploadURL: string }>('POST', '/api/objects/upload'));
      const put = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(PNG_1X1) });
      expect(put.status).toBe(200);
      const { objectPath } = fresh(
        await asAlice.call<{ objectPath: string }>('PUT', '/api/profile/picture', { profileImageURL: uploadURL }),
      );
      const me = fresh(await asAlice.call<{ profileImageUrl: string }>('GET', '/api/auth/user'));
      expect(me.profileImageUrl, `repeat ${i}`).toBe(objectPath);
    }
  });

  it('follow, then the follower count on the profile (and unfollow, then the count again)', async () => {
    const bob = await h.api.signedInUser();
    for (let i = 0; i < REPEATS; i++) {
      fresh(await asAlice.call('POST', `/api/users/${bob.userId}/follow`));
      const followed = fresh(await asAlice.call<{ followerCount: number }>('GET', `/api/users/${bob.userId}/profile`));
      expect(followed.followerCount, `repeat ${i}`).toBe(1);
      fresh(await asAlice.call('DELETE', `/api/users/${bob.userId}/follow`));
      const unfollowed = fresh(
        await asAlice.call<{ followerCount: number }>('GET', `/api/users/${bob.userId}/profile`),
      );
      expect(unfollowed.followerCount, `repeat ${i}`).toBe(0);
    }
  });

  it('post, then the profile grid shows it first', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const { post } = fresh(
        await asAlice.call<{ post: { id: string } }>('POST', '/api/text-posts', { content: `Post ${i}` }),
        201,
      );
      const grid = fresh(await asAlice.call<Array<{ id: string }>>('GET', `/api/users/${alice.userId}/posts`));
      expect(grid[0]?.id, `repeat ${i}`).toBe(post.id);
    }
  });

  it('like, then the like count (and unlike, then the count again)', async () => {
    const carol = plain((await h.api.signedInUser()).cookie);
    const { post } = fresh(
      await carol.call<{ post: { id: string } }>('POST', '/api/text-posts', { content: 'Hi' }),
      201,
    );
    for (let i = 0; i < REPEATS; i++) {
      fresh(await asAlice.call('POST', `/api/posts/${post.id}/like`));
      const liked = fresh(await asAlice.call<{ likeCount: number }>('GET', `/api/posts/${post.id}`));
      expect(liked.likeCount, `repeat ${i}`).toBe(1);
      fresh(await asAlice.call('DELETE', `/api/posts/${post.id}/like`));
      const unliked = fresh(await asAlice.call<{ likeCount: number }>('GET', `/api/posts/${post.id}`));
      expect(unliked.likeCount, `repeat ${i}`).toBe(0);
    }
  });

  it('register, then check-username says the name is taken', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const body = newRegistration('ryw');
      const client = plain();
      expect(
        fresh(await client.call<{ available: boolean }>('GET', `/api/auth/check-username/${body.username}`)),
      ).toEqual({
        available: true,
      });
      fresh(await client.call('POST', '/api/auth/register', body), 201);
      expect(
        fresh(await client.call<{ available: boolean }>('GET', `/api/auth/check-username/${body.username}`)),
      ).toEqual({
        available: false,
      });
      // The new session reads its own account too.
      expect(fresh(await client.call<{ username: string }>('GET', '/api/auth/user')).username).toBe(body.username);
    }
  });
});
