import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

/** The own profile's counts as GET /api/users/{me}/profile answers them (the rest of Profile as the server would). */
const profileAnswer = (counts: { postCount: number; followerCount: number; followingCount: number }) => ({
  id: 'u1',
  firstName: 'Jane',
  lastName: 'Doe',
  username: 'jane_doe',
  bio: null,
  aboutMe: null,
  profileImageUrl: null,
  backgroundImageUrl: null,
  backgroundColor: '#ffffff',
  textColor: '#1f2937',
  isFollowing: false,
  isSelf: true,
  ...counts,
});

type Routes = Record<string, () => Response>;

/** /profile for `user`; `routes` answer other GETs by path (anything else is a 404). */
async function openProfile(user: Partial<CurrentUser> = {}, routes: Routes = {}) {
  stubFetch((url) =>
    url === '/api/auth/user'
      ? json(200, testUser(user))
      : (routes[url]?.() ?? json(404, { error: 'not_found', message: 'Not found' })),
  );
  const rendered = renderApp({ url: '/profile' });
  const page = await screen.findByTestId('profile-page');
  return { ...rendered, page };
}

describe('/profile', () => {
  it("offers the creator's tools, and the staff pages only to those whose roles open them", async () => {
    const shown = async (roles: CurrentUser['roles']) => {
      const { unmount } = await openProfile({ roles });
      fireEvent.click(screen.getByTestId('profile-tools'));
      const items = screen.getAllByRole('menuitem').map((i) => [i.textContent, i.getAttribute('href')]);
      unmount();
      return items;
    };
    expect(await shown([])).toEqual([
      ['Analytics', '/analytics'],
      ['Recommendations', '/recommendations'],
    ]);
    expect(await shown(['moderator'])).toContainEqual(['Content Moderation', '/content-moderation']);
    expect(await shown(['admin'])).toEqual([
      ['Analytics', '/analytics'],
      ['Recommendations', '/recommendations'],
      ['Staff Roles', '/admin/roles'],
    ]);
  });

  it('draws the defaults: background #ffffff, text #1f2937, the first letter for a picture', async () => {
    const { page } = await openProfile();
    expect(page.dataset.background).toBe('color');
    expect(page.style.backgroundColor).toMatch(/^(#ffffff|rgb\(255, 255, 255\))$/);
    expect(page.style.color).toMatch(/^(#1f2937|rgb\(31, 41, 55\))$/);
    expect(screen.getByTestId('profile-avatar').textContent).toBe('J');
    expect(screen.getByTestId('profile-avatar').querySelector('img')).toBeNull();
  });

  it('draws the stored colours', async () => {
    const { page } = await openProfile({ backgroundColor: '#112233', textColor: '#fafafa' });
    expect(page.dataset.background).toBe('color');
    expect(page.style.backgroundColor).toMatch(/^(#112233|rgb\(17, 34, 51\))$/);
    expect(page.style.color).toMatch(/^(#fafafa|rgb\(250, 250, 250\))$/);
  });

  it('draws a gradient background as a gradient', async () => {
    const gradient = 'linear-gradient(135deg, #fbc2eb 0%, #a6c1ee 100%)';
    const { page } = await openProfile({ backgroundImageUrl: gradient, backgroundColor: '#112233' });
    expect(page.dataset.background).toBe('gradient');
    expect(page.style.backgroundImage).toContain('linear-gradient');
    expect(page.style.backgroundImage).toContain('#fbc2eb');
  });

  it('draws an uploaded background image from its /objects/ path, under a veil opposite to the text colour', async () => {
    const { page } = await openProfile({ backgroundImageUrl: '/objects/uploads/u1/beach.jpg' });
    expect(page.dataset.background).toBe('image');
    expect(page.style.backgroundImage).toContain('/objects/uploads/u1/beach.jpg');
    // The default dark text on a light veil; light text on a dark one.
    expect(page.style.backgroundImage).toMatch(/^linear-gradient\(rgba\(255, 255, 255, 0\.7\)/);
    cleanup();
    const light = await openProfile({ backgroundImageUrl: '/objects/uploads/u1/night.jpg', textColor: '#ffffff' });
    expect(light.page.style.backgroundImage).toMatch(/^linear-gradient\(rgba\(0, 0, 0, 0\.55\)/);
  });

  it('never turns a value outside the safe grammar into CSS', async () => {
    const { page } = await openProfile({
      backgroundImageUrl: 'linear-gradient(red, blue); background: url(https://evil.test/x)',
    });
    expect(page.dataset.background).toBe('color');
    expect(page.style.backgroundImage).toBe('');
  });

  it('shows the card: picture, the name others see, @handle, bio and the real counts from the profile', async () => {
    await openProfile(
      { profileImageUrl: '/objects/uploads/u1/me.png', aboutMe: 'Dancer and coffee fan' },
      {
        '/api/users/u1/profile': () => json(200, profileAnswer({ postCount: 1, followerCount: 42, followingCount: 7 })),
        '/api/users/u1/videos': () => json(200, []),
      },
    );
    expect(screen.getByTestId('profile-avatar').querySelector('img')?.getAttribute('src')).toBe(
      '/objects/uploads/u1/me.png',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('jane_doe');
    expect(screen.getByTestId('profile-name').textContent).toBe('Jane Doe');
    expect(screen.getByTestId('profile-handle').textContent).toBe('@jane_doe');
    expect(screen.getByTestId('profile-bio').textContent).toBe('Dancer and coffee fan');
    await waitFor(() => expect(screen.getByTestId('profile-posts-count').textContent).toBe('1'));
    expect(screen.getByTestId('profile-top-post-count').textContent).toBe('1 post');
    expect(screen.getByTestId('profile-following-count').textContent).toBe('7');
    expect(screen.getByTestId('profile-followers-count').textContent).toBe('42');
  });

  it('shows the counts as 0 while the profile cannot be read', async () => {
    await openProfile();
    await screen.findByTestId('profile-posts-empty');
    expect(screen.getByTestId('profile-top-post-count').textContent).toBe('0 posts');
    expect(screen.getByTestId('profile-posts-count').textContent).toBe('0');
    expect(screen.getByTestId('profile-following-count').textContent).toBe('0');
    expect(screen.getByTestId('profile-followers-count').textContent).toBe('0');
  });

  it('Posts shows every post, text posts as their coloured card; Videos shows the videos', async () => {
    const video = {
      id: 'v1',
      videoUrl: null,
      thumbnailUrl: null,
      title: 'First',
      description: '',
      category: 'none',
      createdAt: '2026-11-23T10:00:00.000Z',
      status: 'processing',
      failureReason: null,
    };
    const text = {
      kind: 'text',
      id: 't1',
      content: 'Hello world',
      imageUrl: null,
      backgroundColor: '#7c3aed',
      textColor: '#ffffff',
      fontStyle: 'bold',
      createdAt: '2026-11-24T10:00:00.000Z',
    };
    await openProfile(
      {},
      {
        '/api/users/u1/profile': () => json(200, profileAnswer({ postCount: 2, followerCount: 0, followingCount: 0 })),
        '/api/users/u1/posts': () => json(200, [text, { kind: 'video', ...video }]),
        '/api/users/u1/videos': () => json(200, [video]),
      },
    );
    const card = await screen.findByTestId('profile-text-post-card');
    expect(card.getAttribute('href')).toBe('/post/t1');
    const tile = screen.getByTestId('text-post-tile');
    expect([tile.textContent, tile.style.backgroundColor, tile.style.fontWeight]).toEqual([
      'Hello world',
      '#7c3aed',
      '700',
    ]);
    expect(screen.getByTestId('profile-video-card').getAttribute('href')).toBe('/video/v1');
    expect(screen.getByTestId('profile-video-card').textContent).toContain('Processing');

    fireEvent.click(screen.getByTestId('profile-tab-videos'));
    await screen.findByTestId('profile-videos-grid');
    expect(screen.queryByTestId('profile-text-post-card')).toBeNull();
    expect(screen.getAllByTestId('profile-video-card')).toHaveLength(1);
    expect(screen.queryByTestId('profile-posts-empty')).toBeNull();
  });

  it('shows the empty grid under every tab, with Create Post to /upload', async () => {
    await openProfile(
      {},
      {
        '/api/users/u1/profile': () => json(200, profileAnswer({ postCount: 0, followerCount: 3, followingCount: 1 })),
      },
    );
    await screen.findByTestId('profile-posts-empty');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Posts', 'Videos']);
    for (const tab of ['posts', 'videos']) {
      fireEvent.click(screen.getByTestId(`profile-tab-${tab}`));
      expect(screen.getByTestId(`profile-tab-${tab}`).getAttribute('aria-selected')).toBe('true');
      const empty = screen.getByTestId('profile-posts-empty');
      expect(empty.querySelector('h3')?.textContent).toBe('No posts yet');
      expect(empty.textContent).toContain('Share your first post to get started!');
    }
    expect(screen.getByRole('link', { name: 'Create Post' }).getAttribute('href')).toBe('/upload');
  });

  it('goes back home, and opens Account Settings and Customize Profile', async () => {
    const { location } = await openProfile();
    fireEvent.click(screen.getByTestId('profile-settings'));
    expect(screen.getByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByTestId('customize-profile-button'));
    expect(await screen.findByRole('dialog', { name: 'Customize Profile' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('customize-cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('profile-back'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });
});
