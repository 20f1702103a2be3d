import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Profile, ProfileVideo } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SAM_ID = '5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const sam = (overrides: Partial<Profile> = {}): Profile => ({
  id: SAM_ID,
  firstName: 'Sam',
  lastName: 'Lee',
  username: 'sam',
  bio: 'Skater',
  aboutMe: 'I skate every morning.',
  profileImageUrl: null,
  backgroundImageUrl: 'linear-gradient(135deg, #fbc2eb 0%, #a6c1ee 100%)',
  backgroundColor: '#112233',
  textColor: '#fafafa',
  followerCount: 1234,
  followingCount: 7,
  postCount: 3,
  isFollowing: false,
  isSelf: false,
  ...overrides,
});

const clip = (n: number, overrides: Partial<ProfileVideo> = {}): ProfileVideo => ({
  id: `v${n}`,
  videoUrl: `/objects/v${n}.mp4`,
  thumbnailUrl: `/objects/v${n}.jpg`,
  viewCount: 1500,
  title: `Clip ${n}`,
  description: '',
  category: 'none',
  createdAt: '2026-11-23T10:00:00.000Z',
  status: 'published',
  failureReason: null,
  ...overrides,
});

const page = (body: unknown, nextCursor?: string) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...(nextCursor ? { 'X-Next-Cursor': nextCursor } : {}) },
  });

type Handler = (init: RequestInit) => Response | Promise<Response>;

function open(url: string, routes: Record<string, Handler>) {
  const fetch = stubFetch((u, init) => {
    const route = `${init.method ?? 'GET'} ${u}`;
    if (route === 'GET /api/auth/user') return json(200, testUser());
    if (routes[route]) return routes[route](init);
    return json(404, { error: 'not_found', message: route });
  });
  return { fetch, ...renderApp({ url }) };
}

describe('/profile/{userId}', () => {
  it('says "Profile not found" for an unknown user', async () => {
    open('/profile/nobody', {
      'GET /api/users/nobody/profile': () => json(404, { error: 'not_found', message: 'Profile not found' }),
    });
    const notFound = await screen.findByTestId('profile-not-found');
    expect(notFound.textContent).toContain('Profile not found');
    expect(screen.queryByTestId('public-profile')).toBeNull();
  });

  it('shows someone by username in their look: name, @username, bio, counts, About Me folded, Follow and Message', async () => {
    open('/profile/sam', {
      'GET /api/users/sam/profile': () => json(200, sam()),
      [`GET /api/users/${SAM_ID}/videos`]: () => page([clip(1)]),
    });
    const profile = await screen.findByTestId('public-profile');
    expect(profile.dataset.background).toBe('gradient');
    expect(profile.style.color).toMatch(/^(#fafafa|rgb\(250, 250, 250\))$/);
    expect(screen.getByTestId('public-profile-name').textContent).toBe('Sam Lee');
    expect(screen.getByTestId('public-profile-handle').textContent).toBe('@sam');
    expect(screen.getByTestId('public-profile-bio').textContent).toBe('Skater');
    expect(screen.getByTestId('follower-count').textContent).toBe('1.2K');
    expect(screen.getByTestId('following-count').textContent).toBe('7');
    expect(screen.getByTestId('follow-button').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('message-button').getAttribute('href')).toBe(`/messages?to=${SAM_ID}`);

    expect(screen.queryByTestId('about-me-text')).toBeNull();
    fireEvent.click(screen.getByTestId('about-me-toggle'));
    expect(screen.getByTestId('about-me-text').textContent).toBe('I skate every morning.');
    expect(screen.getByTestId('about-me-toggle').getAttribute('aria-expanded')).toBe('true');
  });

  it('the Videos grid links each poster to its video, with views, and loads more by X-Next-Cursor', async () => {
    const { fetch } = open(`/profile/${SAM_ID}`, {
      [`GET /api/users/${SAM_ID}/profile`]: () => json(200, sam()),
      [`GET /api/users/${SAM_ID}/videos`]: () => page([clip(1), clip(2, { viewCount: undefined })], 'c2'),
      [`GET /api/users/${SAM_ID}/videos?cursor=c2`]: () => page([clip(3)]),
      [`GET /api/users/${SAM_ID}/posts`]: () => page([]),
    });
    expect((await screen.findByTestId('profile-posts-grid-empty')).textContent).toBe('No posts yet');
    fireEvent.click(screen.getByTestId('profile-videos-tab'));
    await screen.findByTestId('profile-videos-grid');
    let cards = screen.getAllByTestId('profile-video-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/video/v1', '/video/v2']);
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/objects/v1.jpg');
    expect(cards[0]!.textContent).toContain('1.5K');
    expect(cards[1]!.querySelector('[data-testid="profile-video-views"]')).toBeNull();

    fireEvent.click(screen.getByTestId('profile-videos-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('profile-video-card')).toHaveLength(3));
    cards = screen.getAllByTestId('profile-video-card');
    expect(cards[2]!.getAttribute('href')).toBe('/video/v3');
    expect(screen.queryByTestId('profile-videos-load-more')).toBeNull();
    expect(fetch.mock.calls.map(([u]) => u)).toContain(`/api/users/${SAM_ID}/videos?cursor=c2`);
  });

  it('the Photos tab shows photos linking to their posts', async () => {
    open('/profile/sam', {
      'GET /api/users/sam/profile': () => json(200, sam()),
      [`GET /api/users/${SAM_ID}/posts`]: () => page([]),
      [`GET /api/users/${SAM_ID}/photos`]: () =>
        page([{ id: 'p1', imageUrl: '/objects/p1.webp', content: 'Beach', createdAt: '2026-11-23T10:00:00.000Z' }]),
    });
    await screen.findByTestId('profile-posts-grid-empty');
    fireEvent.click(screen.getByTestId('profile-photos-tab'));
    const card = await screen.findByTestId('profile-photo-card');
    expect(card.getAttribute('href')).toBe('/post/p1');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/objects/p1.webp');
  });

  it("on one's own profile shows no Follow or Message button", async () => {
    open('/profile/u1', {
      'GET /api/users/u1/profile': () => json(200, sam({ id: 'u1', username: 'jane_doe', isSelf: true })),
      'GET /api/users/u1/videos': () => page([]),
    });
    await screen.findByTestId('public-profile');
    expect(screen.queryByTestId('follow-button')).toBeNull();
    expect(screen.queryByTestId('message-button')).toBeNull();
    expect(screen.getByTestId('edit-profile-link').getAttribute('href')).toBe('/profile');
  });
});
