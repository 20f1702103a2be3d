import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery, type InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PostItem } from '@myworld/schemas';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testTextPost, testVideo } from '../../../testing/post-fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { SlotsProvider, useSlots, type Slots } from '../../../lib/slots.tsx';
import { PostActions } from './post-actions.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetLastPosition();
});

type FeedData = InfiniteData<{ items: PostItem[]; nextCursor: string | null }, string | null>;
const feedKey = ['/api/feed', 'for-you'];
const detailKey = (id: string) => ['/api/posts', id];

/** The post as two other features cache it (a feed page and its detail page), with its actions shown from the detail cache. */
function renderActions(post: PostItem, slots: Partial<Slots> = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData<FeedData>(feedKey, {
    pages: [{ items: [testTextPost({ id: 'other' }), post], nextCursor: null }],
    pageParams: [null],
  });
  queryClient.setQueryData(detailKey(post.id), post);
  function Shown() {
    const { data } = useQuery<PostItem>({ queryKey: detailKey(post.id) });
    return data ? <PostActions post={data} /> : null;
  }
  queryClient.setQueryData(currentUserQueryKey, testUser());
  const rendered = renderWithApp(
    <WithSlots slots={slots}>
      <Shown />
    </WithSlots>,
    { queryClient },
  );
  const cached = () => ({
    feed: queryClient.getQueryData<FeedData>(feedKey)!.pages[0]!.items[1]!,
    detail: queryClient.getQueryData<PostItem>(detailKey(post.id))!,
  });
  return { ...rendered, cached };
}

/** The app's slots with some replaced (moderation's Report, say). */
function WithSlots({ slots, children }: { slots: Partial<Slots>; children: ReactNode }) {
  return <SlotsProvider value={{ ...useSlots(), ...slots }}>{children}</SlotsProvider>;
}

/** A fetch whose answers the test releases one at a time. */
function deferredFetch() {
  const waiting: ((res: Response) => void)[] = [];
  const fetch = stubFetch(() => new Promise<Response>((resolve) => waiting.push(resolve)));
  return { fetch, answer: (res: Response) => waiting.shift()!(res) };
}

const likeButton = () => screen.getByTestId('like-button');
const likeCount = () => screen.queryByTestId('like-count')?.textContent;

describe('like', () => {
  it('shows the like at once everywhere the post is cached, and takes it back when the server refuses', async () => {
    const post = testVideo({ likeCount: 41, liked: false });
    const { fetch, answer } = deferredFetch();
    const { cached } = renderActions(post);
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(likeButton());
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));
    expect(likeCount()).toBe('42');
    expect(cached().feed).toMatchObject({ liked: true, likeCount: 42 });
    expect(cached().detail).toMatchObject({ liked: true, likeCount: 42 });
    expect(fetch.mock.calls[0]).toMatchObject([`/api/posts/${post.id}/like`, { method: 'POST' }]);

    answer(json(500, { error: 'internal', message: 'Something went wrong on our side. Please try again.' }));
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));
    expect(likeCount()).toBe('41');
    expect(cached().feed).toMatchObject({ liked: false, likeCount: 41 });
    expect(cached().detail).toMatchObject({ liked: false, likeCount: 41 });
    expect(screen.getByTestId('toast-description').textContent).toBe(
      'Something went wrong on our side. Please try again.',
    );
  });

  it('unlikes with DELETE and keeps the count the server answers', async () => {
    const fetch = stubFetch(() => json(200, { liked: false, likeCount: 7 }));
    const { cached } = renderActions(testVideo({ likeCount: 10, liked: true }));
    fireEvent.click(likeButton());
    await waitFor(() => expect(likeCount()).toBe('7'));
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'DELETE' });
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(cached().feed).toMatchObject({ liked: false, likeCount: 7 });
  });

  it('shows the heart without a number when the author hides engagement', async () => {
    stubFetch(() => json(200, { liked: true }));
    const { cached } = renderActions(testVideo({ likeCount: undefined }));
    expect(screen.queryByTestId('like-count')).toBeNull();
    fireEvent.click(likeButton());
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));
    expect(screen.queryByTestId('like-count')).toBeNull();
    expect('likeCount' in cached().detail).toBe(false);
  });
});

describe('counts', () => {
  it('read with K and M', () => {
    stubFetch(() => json(404, {}));
    renderActions(testVideo({ likeCount: 999, commentCount: 1_250, shareCount: 3_400_000 }));
    expect(likeCount()).toBe('999');
    expect(screen.getByTestId('comment-count').textContent).toBe('1.2K');
    expect(screen.getByTestId('share-count').textContent).toBe('3.4M');
  });
});

describe('share', () => {
  it('counts the share, copies the full link and says so', async () => {
    const post = testTextPost({ shareCount: 2 });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const fetch = stubFetch(() => json(200, { shareCount: 3, link: `/post/${post.id}` }));
    const { cached } = renderActions(post);
    fireEvent.click(screen.getByTestId('share-button'));
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Link copied!'));
    expect(fetch.mock.calls[0]).toMatchObject([`/api/posts/${post.id}/share`, { method: 'POST' }]);
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/post/${post.id}`);
    expect(screen.getByTestId('share-count').textContent).toBe('3');
    expect(cached().feed.shareCount).toBe(3);
  });

  it('copies nothing when the share fails', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    stubFetch(() => json(404, { error: 'not_found', message: 'Post not found' }));
    renderActions(testVideo());
    fireEvent.click(screen.getByTestId('share-button'));
    await waitFor(() => expect(screen.getByTestId('toast-description').textContent).toBe('Post not found'));
    expect(writeText).not.toHaveBeenCalled();
  });
});

describe('more', () => {
  it('copies the link without counting a share, beside Report (the moderation feature fills its slot)', async () => {
    const post = testVideo();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const fetch = stubFetch(() => json(404, {}));
    renderActions(post);
    fireEvent.click(screen.getByTestId('more-button'));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Copy link', 'Report']);
    fireEvent.click(within(menu).getByText('Copy link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${location.origin}/video/${post.id}`));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers the author's own video to the video editor, and nobody else's", () => {
    stubFetch(() => json(404, {}));
    const own = testVideo({ authorId: 'u1' }); // testUser() is u1
    const { location } = renderActions(own);
    fireEvent.click(screen.getByTestId('more-button'));
    const edit = within(screen.getByRole('menu')).getByTestId('edit-in-editor');
    expect(edit.textContent).toBe('Edit in video editor');
    fireEvent.click(edit);
    expect(location.history.at(-1)).toBe(`/video-editor?video=${own.id}`);
    cleanup();
    renderActions(testVideo());
    fireEvent.click(screen.getByTestId('more-button'));
    expect(screen.queryByTestId('edit-in-editor')).toBeNull();
  });

  it('offers Report through the ReportAction slot, for this post', () => {
    stubFetch(() => json(404, {}));
    const seen: unknown[] = [];
    function ReportAction(props: { contentType: string; contentId: string; onDone: () => void }) {
      seen.push({ contentType: props.contentType, contentId: props.contentId });
      return (
        <button type="button" role="menuitem" onClick={props.onDone}>
          Report
        </button>
      );
    }
    const post = testTextPost();
    renderActions(post, { ReportAction });
    fireEvent.click(screen.getByTestId('more-button'));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Copy link', 'Report']);
    expect(seen[0]).toEqual({ contentType: 'text_post', contentId: post.id });
    fireEvent.click(screen.getByText('Report'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
