import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { testComment, testTextPost, testVideo } from '../../../testing/post-fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { forgetViews } from '../lib/view-session.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetLastPosition();
  forgetViews();
});

const video = testVideo();
const text = testTextPost();

function postsApi() {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return json(200, testUser());
    if (url === `/api/posts/${video.id}`) return json(200, video);
    if (url === `/api/posts/${text.id}`) return json(200, text);
    if (url === `/api/posts/${video.id}/comments`) return json(200, [testComment({ content: 'First!' })]);
    if (url === `/api/posts/${text.id}/comments`) return json(200, []);
    if (url === '/api/user-interactions') return json(200, { counted: true });
    return json(404, { error: 'not_found', message: 'Post not found' });
  });
}

describe('post detail pages', () => {
  it('/video/{id}: the video with controls, its author, the side actions and the comments', async () => {
    postsApi();
    renderApp({ url: `/video/${video.id}` });
    const page = await screen.findByTestId('post-detail');
    expect(page.dataset.kind).toBe('video');
    const player = within(page).getByTestId('feed-video') as HTMLVideoElement;
    expect(player.controls).toBe(true);
    expect(player.getAttribute('src')).toBe(video.videoUrl);
    expect(within(page).getByTestId('post-author').getAttribute('href')).toBe(`/profile/${video.authorId}`);
    expect(within(page).getByTestId('post-author').textContent).toContain('Sam');
    expect(within(page).getByText('Sunset ride')).toBeTruthy();
    expect(within(page).getByTestId('like-count').textContent).toBe('1.2K');
    expect(within(page).getByTestId('comment-input')).toBeTruthy();
    await within(page).findByText('First!');
  });

  it('/post/{id}: the text post as in the feed', async () => {
    postsApi();
    renderApp({ url: `/post/${text.id}` });
    const page = await screen.findByTestId('post-detail');
    expect(page.dataset.kind).toBe('text');
    expect(within(page).getByTestId('text-post').textContent).toBe('Hello world');
    expect(await within(page).findByTestId('comments-empty')).toBeTruthy();
  });

  it('says "Post not found" with a way home for a missing post', async () => {
    postsApi();
    const { location } = renderApp({ url: '/post/00000000-0000-4000-8000-0000000000ff' });
    const notFound = await screen.findByTestId('post-not-found');
    expect(within(notFound).getByRole('heading').textContent).toBe('Post not found');
    fireEvent.click(within(notFound).getByRole('link', { name: 'Go home' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });
});
