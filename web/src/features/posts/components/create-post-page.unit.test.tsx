import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { chooseInUploader } from '../../../testing/choose-in-uploader.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  forgetLastPosition();
});

const PRESIGNED = 'http://store.test/myworld-media/uploads/u1/pic.png?X-Amz-Signature=sig';
const OBJECT_PATH = '/objects/uploads/u1/pic.png';

type Handler = (init: RequestInit) => Response | Promise<Response>;

/** The API for a signed-in user; `routes` answer by "METHOD path", anything else is a 404. */
function api(routes: Record<string, Handler> = {}) {
  return stubFetch((url, init) => {
    const route = `${init.method ?? 'GET'} ${url}`;
    if (route === 'GET /api/auth/user') return json(200, testUser());
    if (routes[route]) return routes[route](init);
    return json(404, { error: 'not_found', message: route });
  });
}

const created = (body: Record<string, unknown>) =>
  json(201, {
    post: {
      id: 'p1',
      authorId: 'u1',
      content: body.content,
      backgroundColor: body.backgroundColor,
      textColor: body.textColor,
      fontStyle: body.fontStyle,
      imageUrl: body.imageUrl ?? null,
      createdAt: '2026-11-23T10:00:00.000Z',
    },
  });

/** The bodies sent to POST /api/text-posts. */
const sentPosts = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls
    .filter(([url, init]) => url === '/api/text-posts' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)));

/** The object store: Uppy PUTs the file with XMLHttpRequest; every PUT is answered 200. */
function stubObjectStore() {
  class StoreXhr {
    upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    open() {}
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'etag' ? '"e1"' : null;
    }
    abort() {}
    send() {
      setTimeout(() => {
        this.status = 200;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', StoreXhr);
}

const input = () => screen.getByTestId('post-content-input') as HTMLTextAreaElement;
const share = () => screen.getByTestId('share-post-button') as HTMLButtonElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const toastTitle = () => screen.getByTestId('toast-title').textContent;
const toastText = () => screen.getByTestId('toast-description').textContent;

async function openComposer(routes: Record<string, Handler> = {}) {
  const fetch = api(routes);
  const rendered = renderApp({ url: '/create-post' });
  await screen.findByTestId('create-post-page');
  return { ...rendered, fetch };
}

describe('/create-post', () => {
  it('counts characters out of 300 and enables Share only once the text is not blank', async () => {
    await openComposer();
    expect(screen.getByTestId('post-char-counter').textContent).toBe('0/300');
    expect(share().disabled).toBe(true);
    expect(share().textContent).toBe('Share Your Post');
    expect(input().maxLength).toBe(300);

    type('    ');
    expect(screen.getByTestId('post-char-counter').textContent).toBe('4/300');
    expect(share().disabled).toBe(true);

    type('Hello world');
    expect(screen.getByTestId('post-char-counter').textContent).toBe('11/300');
    expect(share().disabled).toBe(false);
    expect(screen.getByTestId('post-preview').textContent).toContain('Hello world');
  });

  it('offers 24 background and 24 text colours and three font styles, and the preview follows them', async () => {
    await openComposer();
    expect(document.querySelectorAll('[data-testid^="bg-color-"]')).toHaveLength(24);
    expect(document.querySelectorAll('[data-testid^="text-color-"]')).toHaveLength(24);
    const preview = screen.getByTestId('post-preview');
    // The defaults: black background, white text, normal font.
    expect(preview.style.backgroundColor).toMatch(/^(#000000|rgb\(0, 0, 0\))$/);
    expect(preview.style.color).toMatch(/^(#ffffff|rgb\(255, 255, 255\))$/);
    expect(screen.getByTestId('bg-color-000000').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('font-normal').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('bg-color-ef4444'));
    fireEvent.click(screen.getByTestId('text-color-000000'));
    fireEvent.click(screen.getByTestId('font-italic'));
    expect(preview.style.backgroundColor).toMatch(/^(#ef4444|rgb\(239, 68, 68\))$/);
    expect(preview.style.color).toMatch(/^(#000000|rgb\(0, 0, 0\))$/);
    expect(preview.style.fontStyle).toBe('italic');
    expect(screen.getByTestId('bg-color-ef4444').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('bg-color-000000').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('font-italic').getAttribute('aria-pressed')).toBe('true');
  });

  it('shares the text-post payload, says "Post created!", refreshes the feed and goes home', async () => {
    const { fetch, location, queryClient } = await openComposer({
      'POST /api/text-posts': (init) => created(JSON.parse(String(init.body))),
    });
    queryClient.setQueryData(queryKeys.feed, []);
    type('Sunny day');
    fireEvent.click(screen.getByTestId('bg-color-3b82f6'));
    fireEvent.click(screen.getByTestId('font-bold'));
    fireEvent.click(share());

    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(sentPosts(fetch)).toEqual([
      { content: 'Sunny day', backgroundColor: '#3b82f6', textColor: '#ffffff', fontStyle: 'bold', userId: '' },
    ]);
    expect(toastTitle()).toBe('Post created!');
    expect(toastText()).toBe('Your post has been shared successfully.');
    expect(queryClient.getQueryState(queryKeys.feed)?.isInvalidated).toBe(true);
  });

  it('a refusal says "Failed to create post" with the server message and keeps the draft', async () => {
    const { location } = await openComposer({
      'POST /api/text-posts': () =>
        json(400, { error: 'content_required', field: 'content', message: 'Content required' }),
    });
    type('Something');
    fireEvent.click(share());
    await waitFor(() => expect(toastTitle()).toBe('Failed to create post'));
    expect(toastText()).toBe('Content required');
    expect(screen.getByTestId('toast').dataset.variant).toBe('destructive');
    expect(location.history.at(-1)).toBe('/create-post');
    expect(input().value).toBe('Something');
    expect(share().disabled).toBe(false);
  });

  it('a photo alone is enough: uploaded, previewed from the chosen file, normalized to its objectPath and sent as imageUrl', async () => {
    stubObjectStore();
    // The preview shows the chosen file itself: the upload is served only once the post attaches it.
    const createObjectURL = vi.fn(() => 'blob:preview-of-pic');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { fetch } = await openComposer({
      'POST /api/objects/upload': () => json(200, { uploadURL: PRESIGNED }),
      'POST /api/objects/normalize-path': () => json(200, { objectPath: OBJECT_PATH }),
      'POST /api/text-posts': (init) => created(JSON.parse(String(init.body))),
    });
    await chooseInUploader('post-photo-upload', new File([new Uint8Array(1000)], 'pic.png', { type: 'image/png' }));

    await waitFor(() => expect(toastTitle()).toBe('Photo uploaded!'));
    expect(toastText()).toBe('Your photo has been added to the post.');
    expect(screen.getByTestId('post-preview').querySelector('img')?.getAttribute('src')).toBe('blob:preview-of-pic');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(share().disabled).toBe(false);

    fireEvent.click(share());
    await waitFor(() => expect(sentPosts(fetch)).toHaveLength(1));
    expect(sentPosts(fetch)[0]).toMatchObject({ content: '', imageUrl: OBJECT_PATH, userId: '' });
  });
});
