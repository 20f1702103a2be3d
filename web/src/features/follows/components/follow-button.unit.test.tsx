import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Profile } from '@myworld/schemas';
import { renderApp, renderWithApp, signedInQueryClient } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { FollowButton } from './follow-button.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  forgetLastPosition();
});

const SAM_ID = '5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const profileOf = (overrides: Partial<Profile>): Profile => ({
  id: SAM_ID,
  firstName: 'Sam',
  lastName: 'Lee',
  username: 'sam',
  bio: null,
  aboutMe: null,
  profileImageUrl: null,
  backgroundImageUrl: null,
  backgroundColor: '#ffffff',
  textColor: '#1f2937',
  followerCount: 10,
  followingCount: 2,
  postCount: 0,
  isFollowing: false,
  isSelf: false,
  ...overrides,
});

/** A promise the test settles, to look at the page while the server has not answered. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Sam's profile page; the follow call waits for `answer`. After it, the profile reads as the
 * server now has it (`server`).
 */
function openSam(answer: Promise<Response>) {
  let server = profileOf({});
  const fetch = stubFetch(async (url, init) => {
    const route = `${init.method ?? 'GET'} ${url}`;
    if (route === 'GET /api/auth/user') return json(200, testUser());
    if (route === 'GET /api/users/sam/profile') return json(200, server);
    if (route === `GET /api/users/${SAM_ID}/videos`) return json(200, []);
    if (route === `POST /api/users/${SAM_ID}/follow`) {
      const res = await answer;
      if (res.ok) server = profileOf({ isFollowing: true, followerCount: 11 });
      return res;
    }
    return json(404, { error: 'not_found', message: route });
  });
  return { fetch, ...renderApp({ url: '/profile/sam' }) };
}

const button = () => screen.getByTestId('follow-button') as HTMLButtonElement;
const followers = () => screen.getByTestId('follower-count').textContent;

describe('Follow', () => {
  it("flips to Following and counts the follower at once, then keeps the server's answer", async () => {
    const answer = deferred<Response>();
    const { fetch } = openSam(answer.promise);
    await screen.findByTestId('public-profile');
    expect(button().textContent).toBe('Follow');
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(followers()).toBe('10');

    fireEvent.click(button());
    // Before the server answers.
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(button().textContent).toBe('Following');
    await waitFor(() => expect(followers()).toBe('11'));
    expect(
      fetch.mock.calls.filter(([u, init]) => u === `/api/users/${SAM_ID}/follow` && init?.method === 'POST'),
    ).toHaveLength(1);

    answer.resolve(json(200, { following: true }));
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(followers()).toBe('11');
  });

  it('goes back to Follow and the old count when the server refuses, and says why', async () => {
    const answer = deferred<Response>();
    openSam(answer.promise);
    await screen.findByTestId('public-profile');
    fireEvent.click(button());
    await waitFor(() => expect(followers()).toBe('11'));

    answer.resolve(json(400, { error: 'following_limit', message: 'You can follow at most 10,000 accounts' }));
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));
    expect(followers()).toBe('10');
    expect(screen.getByTestId('toast-title').textContent).toBe('Could not follow');
    expect(screen.getByTestId('toast-description').textContent).toBe('You can follow at most 10,000 accounts');
  });

  it("unfollows with DELETE, and the viewer's own cached profile loses a followee at once", async () => {
    const answer = deferred<Response>();
    const fetch = stubFetch(async (url, init) => {
      if (url === '/api/auth/user') return json(200, testUser());
      if (url === `/api/users/${SAM_ID}/follow` && init.method === 'DELETE') return answer.promise;
      return new Promise<Response>(() => {}); // refetches stay pending: the test reads the optimistic cache
    });
    const { queryClient } = renderWithApp(<FollowButton userId={SAM_ID} following />, {
      queryClient: signedInQueryClient(),
    });
    queryClient.setQueryData(queryKeys.profiles.profile('sam'), profileOf({ isFollowing: true, followerCount: 11 }));
    queryClient.setQueryData(
      queryKeys.profiles.profile('u1'),
      profileOf({ id: 'u1', username: 'jane_doe', isSelf: true, followingCount: 5 }),
    );

    fireEvent.click(screen.getByTestId('follow-button'));
    expect(screen.getByTestId('follow-button').getAttribute('aria-pressed')).toBe('false');
    await waitFor(() =>
      expect(queryClient.getQueryData<Profile>(queryKeys.profiles.profile('sam'))).toMatchObject({
        isFollowing: false,
        followerCount: 10,
      }),
    );
    expect(queryClient.getQueryData<Profile>(queryKeys.profiles.profile('u1'))).toMatchObject({ followingCount: 4 });
    expect(fetch.mock.calls.some(([u, init]) => u === `/api/users/${SAM_ID}/follow` && init?.method === 'DELETE')).toBe(
      true,
    );
  });
});
