import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { Comment, PostItem } from '@myworld/schemas';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { testComment, testVideo } from '../../../testing/post-fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { PostActions } from './post-actions.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetLastPosition();
});

const post = testVideo({ commentCount: 3 });
const me = testUser(); // u1
const mine = testComment({
  id: 'c-mine',
  authorId: me.id,
  user: { id: me.id, username: me.username!, firstName: me.firstName!, profileImageUrl: null },
  content: 'Mine',
});
const newest = testComment({ id: 'c-new', content: 'Newest' });
const older = testComment({ id: 'c-old', content: 'Older' });

/** The comments API: two pages (newest first) and the write calls; `post` is what POST answers. */
function commentsApi({ postStatus = 201 } = {}) {
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/auth/user') return json(200, me);
    if (url === `/api/posts/${post.id}/comments` && method === 'GET') {
      return new Response(JSON.stringify([newest, mine]), { status: 200, headers: { 'X-Next-Cursor': 'p2' } });
    }
    if (url === `/api/posts/${post.id}/comments?cursor=p2`) return json(200, [older]);
    if (url === `/api/posts/${post.id}/comments` && method === 'POST') {
      if (postStatus !== 201)
        return json(postStatus, { error: 'validation_failed', message: 'A comment is at most 500 characters' });
      const { content } = JSON.parse(String(init.body)) as { content: string };
      return json(201, { comment: testComment({ id: 'c-added', authorId: me.id, content }), commentCount: 4 });
    }
    if (url === `/api/posts/${post.id}/comments/c-mine` && method === 'DELETE') return json(200, { deleted: true });
    return json(404, { error: 'not_found', message: 'x' });
  });
}

function renderWithSheet() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['/api/posts', post.id], post);
  queryClient.setQueryData(currentUserQueryKey, testUser());
  function Shown() {
    const { data } = useQuery<PostItem>({ queryKey: ['/api/posts', post.id] });
    return data ? <PostActions post={data} /> : null;
  }
  const rendered = renderWithApp(<Shown />, { queryClient });
  fireEvent.click(screen.getByTestId('comment-button'));
  return rendered;
}

const texts = () => screen.getAllByTestId('comment-item').map((c) => c.querySelector('.comment__text')!.textContent);
const input = () => screen.getByTestId('comment-input') as HTMLTextAreaElement;
const counter = () => screen.getByTestId('comment-counter').textContent;
const submit = () => screen.getByTestId('comment-submit') as HTMLButtonElement;

describe('the comments sheet', () => {
  it('lists comments newest first and loads older ones on "Load more"', async () => {
    const fetch = commentsApi();
    renderWithSheet();
    const sheet = screen.getByTestId('comments-sheet');
    expect(within(sheet).getByRole('heading', { name: 'Comments' })).toBeTruthy();
    await waitFor(() => expect(texts()).toEqual(['Newest', 'Mine']));
    fireEvent.click(screen.getByTestId('comments-load-more'));
    await waitFor(() => expect(texts()).toEqual(['Newest', 'Mine', 'Older']));
    expect(screen.queryByTestId('comments-load-more')).toBeNull(); // the last page carried no cursor
    expect(fetch.mock.calls.map(([u]) => u)).toContain(`/api/posts/${post.id}/comments?cursor=p2`);
  });

  it('counts characters live up to 500, and posts only non-blank text', async () => {
    commentsApi();
    renderWithSheet();
    expect(counter()).toBe('0/500');
    expect(input().maxLength).toBe(500);
    expect(submit().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(counter()).toBe('3/500');
    expect(submit().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: 'Great video!' } });
    expect(counter()).toBe('12/500');
    expect(submit().disabled).toBe(false);
  });

  it('puts a posted comment on top, raises the count and clears the composer', async () => {
    const fetch = commentsApi();
    renderWithSheet();
    await waitFor(() => expect(texts()).toEqual(['Newest', 'Mine']));
    fireEvent.change(input(), { target: { value: '  So good  ' } });
    fireEvent.click(submit());
    await waitFor(() => expect(texts()).toEqual(['So good', 'Newest', 'Mine']));
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ content: 'So good' });
    expect(input().value).toBe('');
    expect(counter()).toBe('0/500');
    expect(screen.getByTestId('comment-count').textContent).toBe('4');
  });

  it('keeps the text and toasts the server message when the comment is refused', async () => {
    commentsApi({ postStatus: 400 });
    renderWithSheet();
    fireEvent.change(input(), { target: { value: 'Hello' } });
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('toast-description').textContent).toBe('A comment is at most 500 characters'),
    );
    expect(input().value).toBe('Hello');
    expect(screen.getByTestId('comment-count').textContent).toBe('3');
  });

  it('lets the author delete only their own comment', async () => {
    const fetch = commentsApi();
    renderWithSheet();
    await waitFor(() => expect(texts()).toEqual(['Newest', 'Mine']));
    const [theirs, own] = screen.getAllByTestId('comment-item');
    expect(within(theirs!).queryByTestId('comment-delete')).toBeNull();
    fireEvent.click(within(own!).getByTestId('comment-delete'));
    await waitFor(() => expect(texts()).toEqual(['Newest']));
    expect(
      fetch.mock.calls.some(([u, init]) => u === `/api/posts/${post.id}/comments/c-mine` && init?.method === 'DELETE'),
    ).toBe(true);
    expect(screen.getByTestId('comment-count').textContent).toBe('2');
  });

  it('says so when there are no comments yet', async () => {
    stubFetch((url) => (url === '/api/auth/user' ? json(200, me) : json(200, [] as Comment[])));
    renderWithSheet();
    expect((await screen.findByTestId('comments-empty')).textContent).toBe('No comments yetBe the first to comment.');
  });
});
