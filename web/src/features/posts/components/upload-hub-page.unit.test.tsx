import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LiveStream } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testLiveStream, testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

const STREAM_ID = '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01';

const stream = (overrides: Partial<LiveStream> = {}): LiveStream =>
  testLiveStream({ id: STREAM_ID, userId: 'u1', viewerCount: 12, ...overrides });

type Handler = (init: RequestInit) => Response | Promise<Response>;

function openHub(routes: Record<string, Handler> = {}) {
  const fetch = stubFetch((url, init) => {
    const route = `${init.method ?? 'GET'} ${url}`;
    if (route === 'GET /api/auth/user') return json(200, testUser());
    if (routes[route]) return routes[route](init);
    return json(404, { error: 'not_found', message: route });
  });
  return { fetch, ...renderApp({ url: '/upload' }) };
}

describe('/upload (the post-creation hub)', () => {
  it('"What\'s happening?" opens the composer; the cards lead to /quick-videos and /go-live; back goes home', async () => {
    const { location } = openHub();
    fireEvent.click(await screen.findByTestId('whats-happening'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/create-post'));
    expect(await screen.findByTestId('create-post-page')).toBeTruthy();

    cleanup();
    const again = openHub();
    await screen.findByTestId('upload-hub');
    expect(screen.getByTestId('create-reel-card').getAttribute('href')).toBe('/quick-videos');
    expect(screen.getByTestId('go-live-card').getAttribute('href')).toBe('/go-live');
    fireEvent.click(screen.getByTestId('back-button'));
    await waitFor(() => expect(again.location.history.at(-1)).toBe('/'));
  });

  it('the live tab keeps Go Live disabled while the title is blank, then hands the draft to /go-live (camera set-up)', async () => {
    const { fetch, location } = openHub();
    fireEvent.click(await screen.findByTestId('hub-tab-live'));
    expect(screen.getByTestId('hub-tab-live').getAttribute('aria-selected')).toBe('true');
    const goLive = screen.getByTestId('hub-go-live-button') as HTMLButtonElement;
    expect(goLive.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('hub-live-title'), { target: { value: '   ' } });
    expect(goLive.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('hub-live-title'), { target: { value: 'Jam' } });
    fireEvent.change(screen.getByTestId('hub-live-category'), { target: { value: 'music' } });
    expect(goLive.disabled).toBe(false);

    fireEvent.click(goLive);
    await waitFor(() => expect(location.history.at(-1)).toBe('/go-live?title=Jam&description=&category=music'));
    // Nothing starts here: a stream without a camera would end for lack of media.
    expect(fetch.mock.calls.find(([url]) => url === '/api/streams/start')).toBeUndefined();
  });

  it('the discover tab lists active streams, each opening its room', async () => {
    openHub({ 'GET /api/streams/active/all': () => json(200, [stream()]) });
    fireEvent.click(await screen.findByTestId('hub-tab-discover'));
    const card = await screen.findByTestId('hub-stream-card');
    expect(card.getAttribute('href')).toBe(`/stream/${STREAM_ID}`);
    expect(card.textContent).toContain('Morning jam');
  });

  it('the video tab leads to the short-video upload', async () => {
    openHub();
    await screen.findByTestId('upload-hub');
    expect(screen.getByTestId('hub-tab-video').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('hub-upload-video').getAttribute('href')).toBe('/quick-videos');
  });
});
