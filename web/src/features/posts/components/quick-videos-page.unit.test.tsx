import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { VideoItem } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { chooseInUploader } from '../../../testing/choose-in-uploader.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  forgetLastPosition();
});

const PRESIGNED = 'http://store.test/myworld-media/uploads/u1/clip.webm?X-Amz-Signature=sig';
const POST_ID = '0b6d3c52-3c0f-4d55-8c1b-6f0d7c0e9a11';

const video = (overrides: Partial<VideoItem> = {}): VideoItem => ({
  id: POST_ID,
  authorId: 'u1',
  user: { id: 'u1', username: 'jane_doe', firstName: 'Jane', profileImageUrl: null },
  createdAt: '2026-11-23T10:00:00.000Z',
  commentCount: 0,
  shareCount: 0,
  liked: false,
  kind: 'video',
  videoUrl: null,
  thumbnailUrl: null,
  description: 'My clip',
  category: 'music',
  durationSeconds: null,
  status: 'processing',
  failureReason: null,
  ...overrides,
});

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

/** The API; GET /api/posts/{id} answers each of `after` in turn (the last one repeats). */
function api(after: VideoItem[]) {
  let polls = 0;
  return stubFetch((url, init) => {
    const route = `${init.method ?? 'GET'} ${url}`;
    if (route === 'GET /api/auth/user') return json(200, testUser());
    if (route === 'POST /api/objects/upload') return json(200, { uploadURL: PRESIGNED });
    if (route === 'POST /api/videos') return json(201, { post: video() });
    if (route === `GET /api/posts/${POST_ID}`) return json(200, after[Math.min(polls++, after.length - 1)]);
    return json(404, { error: 'not_found', message: route });
  });
}

async function uploadAndPublish() {
  stubObjectStore();
  const rendered = renderApp({ url: '/quick-videos' });
  await screen.findByTestId('quick-videos-page');
  const publish = screen.getByTestId('publish-video-button') as HTMLButtonElement;
  expect(publish.disabled).toBe(true);
  expect(screen.getByTestId('video-hint').textContent).toBe('Select a video under 60 seconds');
  await chooseInUploader('video-upload', new File([new Uint8Array(2000)], 'clip.webm', { type: 'video/webm' }));
  await waitFor(() => expect(publish.disabled).toBe(false));

  fireEvent.change(screen.getByTestId('video-description-input'), { target: { value: 'My clip' } });
  expect(screen.getByTestId('video-char-counter').textContent).toBe('7/200');
  fireEvent.change(screen.getByTestId('video-category-select'), { target: { value: 'music' } });
  fireEvent.click(publish);
  return rendered;
}

describe('/quick-videos', () => {
  it('links back to /upload and to the text composer', async () => {
    api([video()]);
    const { location } = renderApp({ url: '/quick-videos' });
    expect((await screen.findByTestId('text-post-button')).getAttribute('href')).toBe('/create-post');
    expect((screen.getByTestId('video-description-input') as HTMLTextAreaElement).maxLength).toBe(200);
    fireEvent.click(screen.getByTestId('back-button'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/upload'));
  });

  it('publishes the uploaded video, shows it processing, then published with its link', async () => {
    const fetch = api([video(), video({ status: 'published', videoUrl: '/objects/v.mp4' })]);
    await uploadAndPublish();
    const status = await screen.findByTestId('video-status');
    expect(status.dataset.status).toBe('processing');
    const sent = fetch.mock.calls.find(([url]) => url === '/api/videos');
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      videoUrl: PRESIGNED.split('?')[0],
      description: 'My clip',
      category: 'music',
    });

    await waitFor(() => expect(screen.getByTestId('video-status').dataset.status).toBe('published'), { timeout: 5000 });
    expect(screen.getByTestId('view-video-link').getAttribute('href')).toBe(`/video/${POST_ID}`);
    expect(screen.getByTestId('toast-title').textContent).toBe('Your video is live!');
  });

  it('shows why processing failed', async () => {
    api([video({ status: 'failed', failureReason: 'The file is not a playable video' })]);
    await uploadAndPublish();
    await waitFor(() => expect(screen.getByTestId('video-status').dataset.status).toBe('failed'), { timeout: 5000 });
    expect(screen.getByTestId('video-failure-reason').textContent).toBe('The file is not a playable video');
  });
});
