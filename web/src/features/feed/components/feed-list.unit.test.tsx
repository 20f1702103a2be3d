import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PostItem } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { testTextPost, testVideo } from '../../../testing/post-fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { forgetViews } from '../lib/view-session.ts';
import { stubIntersectionObserver } from '../testing/intersection-observer-stub.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetLastPosition();
  forgetViews();
});

const videoA = testVideo({ id: '00000000-0000-4000-8000-00000000000a', description: 'A' });
const videoB = testVideo({ id: '00000000-0000-4000-8000-00000000000b', description: 'B' });
const text = testTextPost({ id: '00000000-0000-4000-8000-00000000000c' });

/** A signed-in API whose feed answers `pages` in turn (each with the next page's cursor, if any). */
function feedApi(pages: { items: PostItem[]; next?: string }[]) {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return json(200, testUser());
    if (url.startsWith('/api/feed?')) {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      const page = pages[cursor ? Number(cursor) : 0]!;
      return new Response(JSON.stringify(page.items), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ...(page.next ? { 'X-Next-Cursor': page.next } : {}) },
      });
    }
    if (url === '/api/user-interactions') return json(200, { counted: true });
    return json(404, { error: 'not_found', message: 'x' });
  });
}

const items = () => screen.getAllByTestId('feed-item');
const itemOf = (id: string) => items().find((el) => el.dataset.postId === id)!;
const videoOf = (id: string) => within(itemOf(id)).getByTestId('feed-video') as HTMLVideoElement;

describe('the home feed', () => {
  it('plays only the post on screen, muted and looped, and switches as another snaps into view', async () => {
    const io = stubIntersectionObserver();
    feedApi([{ items: [videoA, videoB, text] }]);
    renderApp();
    await screen.findAllByTestId('feed-item');
    expect(items().map((el) => [el.dataset.kind, el.dataset.active])).toEqual([
      ['video', 'true'],
      ['video', 'false'],
      ['text', 'false'],
    ]);
    expect(videoOf(videoA.id).paused).toBe(false);
    expect(videoOf(videoA.id).muted).toBe(true);
    expect(videoOf(videoA.id).loop).toBe(true);
    expect(videoOf(videoB.id).paused).toBe(true);

    io.show(itemOf(videoB.id));
    expect(itemOf(videoB.id).dataset.active).toBe('true');
    expect(itemOf(videoA.id).dataset.active).toBe('false');
    expect(videoOf(videoA.id).paused).toBe(true);
    expect(videoOf(videoB.id).paused).toBe(false);
    expect(within(itemOf(videoA.id)).getByTestId('play-overlay')).toBeTruthy();
    expect(within(itemOf(videoB.id)).queryByTestId('play-overlay')).toBeNull();
  });

  it('toggles play and pause on a tap, with the play overlay while paused; coming back plays again', async () => {
    const io = stubIntersectionObserver();
    feedApi([{ items: [videoA, videoB] }]);
    renderApp();
    await screen.findAllByTestId('feed-item');
    const toggle = within(itemOf(videoA.id)).getByTestId('video-toggle');

    fireEvent.click(toggle);
    expect(videoOf(videoA.id).paused).toBe(true);
    expect(within(itemOf(videoA.id)).getByTestId('play-overlay')).toBeTruthy();
    expect(toggle.getAttribute('aria-label')).toBe('Play');

    fireEvent.click(toggle);
    expect(videoOf(videoA.id).paused).toBe(false);
    expect(within(itemOf(videoA.id)).queryByTestId('play-overlay')).toBeNull();

    // Paused by the viewer, scrolled away and back: it autoplays again.
    fireEvent.click(toggle);
    io.show(itemOf(videoB.id));
    io.show(itemOf(videoA.id));
    expect(videoOf(videoA.id).paused).toBe(false);
  });

  it('shows the play overlay when the browser refuses to autoplay', async () => {
    stubIntersectionObserver();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('not allowed', 'NotAllowedError'));
    feedApi([{ items: [videoA] }]);
    renderApp();
    await screen.findAllByTestId('feed-item');
    await waitFor(() => expect(within(itemOf(videoA.id)).getByTestId('play-overlay')).toBeTruthy());
  });

  it('shows a text post in its colours and font style, or its photo with the text over it', async () => {
    stubIntersectionObserver();
    const photo = testTextPost({
      id: '00000000-0000-4000-8000-00000000000d',
      imageUrl: '/objects/images/p.webp',
      content: 'On a photo',
      fontStyle: 'italic',
    });
    feedApi([{ items: [text, photo] }]);
    renderApp();
    await screen.findAllByTestId('feed-item');
    const plain = within(itemOf(text.id));
    const card = plain.getByTestId('text-post');
    expect(card.style.backgroundColor).toBe('#7c3aed');
    const content = plain.getByText('Hello world');
    expect(content.style.color).toBe('#ffffff');
    expect(content.style.fontWeight).toBe('700');
    expect(plain.getByTestId('post-author').textContent).toContain('Sam');
    expect(plain.getByTestId('post-author').getAttribute('href')).toBe('/profile/u2');
    expect(plain.getByTestId('post-time').textContent).toBe('3 hours ago');

    const withPhoto = within(itemOf(photo.id));
    expect(withPhoto.getByTestId('text-post').querySelector('img')?.getAttribute('src')).toBe('/objects/images/p.webp');
    expect(withPhoto.getByText('On a photo').style.fontStyle).toBe('italic');
  });

  it('loads the next page with the X-Next-Cursor as the end comes near, and stops on the last', async () => {
    stubIntersectionObserver();
    const fetch = feedApi([{ items: [videoA, videoB], next: '1' }, { items: [text] }]);
    renderApp();
    await waitFor(() => expect(items()).toHaveLength(3));
    const feedCalls = fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/feed'));
    expect(feedCalls).toEqual(['/api/feed?tab=for-you', '/api/feed?tab=for-you&cursor=1']);
  });

  it('reports a view once a post has been on screen for a second, once per post', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const io = stubIntersectionObserver();
    const fetch = feedApi([{ items: [videoA, videoB] }]);
    renderApp();
    await screen.findAllByTestId('feed-item');
    const views = () =>
      fetch.mock.calls
        .filter(([u]) => u === '/api/user-interactions')
        .map(([, init]) => JSON.parse(String(init?.body)));

    act(() => void vi.advanceTimersByTime(500));
    io.show(itemOf(videoB.id)); // A was on screen for half a second only
    act(() => void vi.advanceTimersByTime(1000));
    expect(views().map((v) => v.contentId)).toEqual([videoB.id]);
    expect(views()[0]).toMatchObject({ interactionType: 'view' });
    expect(new Date(views()[0].timestamp).toISOString()).toBe(views()[0].timestamp);

    io.show(itemOf(videoA.id));
    act(() => void vi.advanceTimersByTime(1000));
    io.show(itemOf(videoB.id));
    act(() => void vi.advanceTimersByTime(1000));
    expect(views().map((v) => v.contentId)).toEqual([videoB.id, videoA.id]);
  });
});
