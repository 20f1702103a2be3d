import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { forgetSeenStories } from '../lib/seen-stories.ts';
import { forgetViewReports } from '../lib/view-reports.ts';
import { minutesAgo, storyId, testStory } from '../testing/story-fixtures.ts';
import { callsTo, storiesApi } from '../testing/stories-api.ts';
import { StoriesStrip } from './stories-strip.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetLastPosition();
  forgetViewReports();
  forgetSeenStories();
});

const ava = { username: 'ava', firstName: 'Ava', profileImageUrl: '/objects/avatars/ava.webp' };
const me = { username: 'jane_doe', firstName: 'Jane', profileImageUrl: null };
const stories = [
  testStory({ id: storyId(1), userId: 'u2', viewCount: 3, createdAt: minutesAgo(40) }),
  testStory({ id: storyId(2), userId: 'u3', user: ava, viewCount: 1200, createdAt: minutesAgo(30) }),
  testStory({ id: storyId(3), userId: 'u2', viewCount: 4, createdAt: minutesAgo(20) }),
  testStory({ id: storyId(4), userId: 'u1', user: me, viewCount: 0, createdAt: minutesAgo(300) }),
];

const entries = () => screen.getAllByTestId('story-entry');

describe('the stories strip', () => {
  it("shows the user's own entry first with the add plus on it (their picture once), then one entry per author with the name, picture or initial and the summed views", async () => {
    const fetch = storiesApi({ stories: () => stories });
    renderWithApp(<StoriesStrip />);
    await waitFor(() => expect(entries()).toHaveLength(3));
    const strip = screen.getByTestId('stories-strip');
    const tiles = within(strip).getAllByRole('button');
    expect(tiles.map((t) => t.dataset.testid)).toEqual(['story-entry', 'add-story-tile', 'story-entry', 'story-entry']);
    expect(tiles[1]!.getAttribute('aria-label')).toBe('Add to your story');
    expect(tiles[1]!.textContent).toBe('');
    expect(within(strip).queryByText('Your story')).toBeNull();
    expect(entries().map((e) => e.dataset.userId)).toEqual(['u1', 'u2', 'u3']);
    const [own, sam, avas] = entries();
    expect(within(sam!).getByTestId('story-entry-views').textContent).toBe('7');
    expect(sam!.textContent).toContain('Sam');
    expect(sam!.querySelector('.story-avatar')!.textContent).toBe('S');
    expect(within(avas!).getByTestId('story-entry-views').textContent).toBe('1.2K');
    expect(avas!.querySelector('.story-avatar img')!.getAttribute('src')).toBe('/objects/avatars/ava.webp');
    expect(own!.textContent).toContain('Jane');
    expect(callsTo(fetch, 'GET', '/api/stories')).toHaveLength(1);
  });

  it('rings an entry as seen once every story of it was shown in this session', async () => {
    storiesApi({ stories: () => stories, viewers: [] });
    renderWithApp(<StoriesStrip />);
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries().map((e) => e.dataset.seen)).toEqual(['false', 'false', 'false']);
    fireEvent.click(entries()[1]!); // Sam's first story
    fireEvent.click(screen.getByTestId('story-close'));
    expect(entries()[1]!.dataset.seen).toBe('false'); // one of his two stories still unseen
    fireEvent.click(entries()[1]!);
    fireEvent.click(screen.getByTestId('story-next'));
    fireEvent.click(screen.getByTestId('story-close'));
    expect(entries().map((e) => e.dataset.seen)).toEqual(['false', 'true', 'false']);
  });

  it('keeps the add tile when the stories cannot be read', async () => {
    storiesApi({ stories: () => json(500, { error: 'internal', message: 'Something went wrong' }) });
    renderWithApp(<StoriesStrip />);
    expect(await screen.findByTestId('add-story-tile')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByTestId('story-entry')).toHaveLength(0));
  });

  it('is neither shown nor read for a visitor', async () => {
    const fetch = stubFetch(signedOutApi());
    renderWithApp(<StoriesStrip />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/user', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('stories-strip')).toBeNull();
    expect(fetch.mock.calls.map(([u]) => u)).toEqual(['/api/auth/user']);
  });
});
