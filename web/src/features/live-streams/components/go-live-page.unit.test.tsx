import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testLiveStream, testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { LIVE_STREAM_MESSAGES, type LiveStream } from '@myworld/schemas';
import { camera } from '../lib/camera.ts';
import { broadcastSession } from '../lib/broadcast-session.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  camera.stop();
  broadcastSession.store.set({
    phase: 'idle',
    stream: null,
    viewerCount: 0,
    giftsCents: 0,
    partner: null,
    partnerMedia: null,
    feed: [],
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signedIn = () =>
  stubFetch((url) =>
    url === '/api/auth/user' ? json(200, testUser()) : json(404, { error: 'not_found', message: 'Not found' }),
  );
const toastTitle = () => screen.getByTestId('toast-title').textContent;

/** A browser whose camera answers getUserMedia with `answer`. */
function stubCamera(answer: () => Promise<MediaStream>) {
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: {
      getUserMedia: vi.fn(answer),
      enumerateDevices: vi.fn(async () => [{ kind: 'videoinput', deviceId: 'cam1', label: 'Front' }]),
    },
  });
}

describe('/go-live', () => {
  it('shows visitors a sign-in-required card linking to /login', async () => {
    stubFetch(signedOutApi());
    renderApp({ url: '/go-live' });
    const card = await screen.findByTestId('sign-in-required');
    expect(card.textContent).toContain('Sign in required');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('prepares: Camera Setup with Enable Camera, camera Not Ready, Go Live disabled; Enter without a title says Title Required', async () => {
    signedIn();
    renderApp({ url: '/go-live' });
    expect(await screen.findByRole('heading', { name: 'Prepare to Go Live' })).toBeTruthy();
    expect(screen.getByText('Camera Setup')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable Camera' })).toBeTruthy();
    expect(screen.getByTestId('camera-status').textContent).toBe('Not Ready');
    expect((screen.getByTestId('go-live') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('allow-duets') as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'General',
      'Gaming',
      'Music',
      'Art',
      'Chat',
      'Dance',
      'Cooking',
      'Fitness',
      'Education',
    ]);
    expect(screen.getByRole('group', { name: 'Face filters' }).querySelectorAll('button')).toHaveLength(6);
    // Front/back are disabled with fewer than two cameras.
    expect((screen.getByTestId('facing-back') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.submit(screen.getByTestId('stream-title').closest('form')!);
    await waitFor(() => expect(toastTitle()).toBe('Title Required'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Please enter a title for your live stream');
  });

  it("takes the /upload hub's draft from the query string (an unknown category falls back to General)", async () => {
    signedIn();
    renderApp({ url: '/go-live?title=Jam%20session&description=Bring%20tea&category=music' });
    expect(((await screen.findByTestId('stream-title')) as HTMLInputElement).value).toBe('Jam session');
    expect(screen.getByDisplayValue('Bring tea')).toBeTruthy();
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('music');
    cleanup();
    signedIn();
    renderApp({ url: '/go-live?title=x&category=karaoke' });
    expect(((await screen.findByRole('combobox')) as HTMLSelectElement).value).toBe('general');
  });

  it('with a title but no camera says Camera Required', async () => {
    signedIn();
    renderApp({ url: '/go-live' });
    fireEvent.change(await screen.findByTestId('stream-title'), { target: { value: 'My stream' } });
    expect((screen.getByTestId('go-live') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('stream-title').closest('form')!);
    await waitFor(() => expect(toastTitle()).toBe('Camera Required'));
    expect(screen.getByTestId('toast-description').textContent).toBe(
      'Please enable your camera before starting the stream',
    );
  });

  it('a denied camera shows the notice to allow camera access in the browser settings', async () => {
    signedIn();
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    renderApp({ url: '/go-live' });
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Camera' }));
    expect((await screen.findByTestId('camera-denied')).textContent).toBe(
      'Camera access denied. Please check your browser settings and allow camera access for this site.',
    );
    await waitFor(() => expect(toastTitle()).toBe('Camera Access Failed'));
  });

  it('a granted camera is Ready, cycles the nine filters and enables Go Live once titled', async () => {
    signedIn();
    const track = { kind: 'video', enabled: true, stop: vi.fn(), getSettings: () => ({ deviceId: 'cam1' }) };
    // happy-dom's MediaStream holds no tracks of its own: give it the fake camera's.
    const media = Object.assign(new MediaStream(), {
      getTracks: () => [track],
      getVideoTracks: () => [track],
      getAudioTracks: () => [],
    });
    stubCamera(async () => media);
    renderApp({ url: '/go-live' });
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Camera' }));
    await waitFor(() => expect(screen.getByTestId('camera-status').textContent).toBe('Ready'));
    expect(screen.queryByTestId('switch-camera')).toBeNull(); // one camera only
    expect(screen.getByTestId('facing-badge').textContent).toBe('Front');
    const seen = [];
    for (let i = 0; i < 9; i++) {
      seen.push(screen.getByTestId('filter-badge').textContent);
      fireEvent.click(screen.getByTestId('cycle-filter'));
    }
    expect(seen).toEqual([
      'None',
      'Soft Blur',
      'Vintage',
      'Vibrant',
      'High Contrast',
      'Bright',
      'Color Shift',
      'Black & White',
      'Invert',
    ]);
    expect(screen.getByTestId('filter-badge').textContent).toBe('None');
    fireEvent.click(screen.getByTestId('toggle-video'));
    expect(track.enabled).toBe(false);
    expect((screen.getByTestId('go-live') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('stream-title'), { target: { value: 'My stream' } });
    expect((screen.getByTestId('go-live') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('/go-live: Schedule for later', () => {
  it('reveals Start time; Schedule Stream needs a title but no camera, POSTs start with scheduledFor and goes to /live', async () => {
    const fetch = stubFetch((url) => {
      if (url === '/api/auth/user') return json(200, testUser());
      if (url === '/api/streams/start')
        return json(201, {
          stream: liveStream({
            isActive: false,
            isScheduled: true,
            scheduledFor: '2030-01-01T10:00:00.000Z',
            startedAt: null,
          }),
          position: null,
        });
      return json(404, { error: 'not_found', message: 'Not found' });
    });
    const app = renderApp({ url: '/go-live' });
    fireEvent.click(await screen.findByTestId('schedule-later'));
    const startTime = screen.getByLabelText('Start time');
    expect(startTime.getAttribute('data-testid')).toBe('scheduled-for');
    expect(screen.queryByTestId('go-live')).toBeNull();
    const button = screen.getByTestId('schedule-stream') as HTMLButtonElement;
    expect(button.textContent).toBe('Schedule Stream');
    expect(button.disabled).toBe(true); // no title yet
    fireEvent.change(screen.getByTestId('stream-title'), { target: { value: 'Sunday jam' } });
    fireEvent.change(startTime, { target: { value: '2030-01-01T10:00' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(toastTitle()).toBe('Stream scheduled'));
    const [, init] = fetch.mock.calls.find(([u]) => u === '/api/streams/start')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      title: 'Sunday jam',
      allowDuets: true,
      scheduledFor: new Date('2030-01-01T10:00').toISOString(),
    });
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/live'));
  });

  it('on /go-live?scheduled={id} fills the form from the scheduled stream and offers no scheduling', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/user') return json(200, testUser());
      if (url === `/api/streams/${liveStream().id}`)
        return json(200, { stream: liveStream({ title: 'Planned show', isActive: false, isScheduled: true }) });
      return json(404, { error: 'not_found', message: 'Not found' });
    });
    renderApp({ url: `/go-live?scheduled=${liveStream().id}` });
    await waitFor(() => expect((screen.getByTestId('stream-title') as HTMLInputElement).value).toBe('Planned show'));
    expect(screen.queryByTestId('schedule-later')).toBeNull();
    expect(screen.getByTestId('go-live')).toBeTruthy();
  });
});

describe('/go-live while live', () => {
  const gift = {
    id: 'g1',
    giftType: 'heart',
    emoji: '❤️',
    quantity: 2,
    message: 'Great show!',
    sender: { id: 'u3', username: 'fan' },
  };

  it("Gifts Received shows the stream's total, then each gift_received's total, with the gift animation", async () => {
    signedIn();
    broadcastSession.store.set({
      phase: 'live',
      stream: liveStream({ totalGiftsReceived: 1200 }),
      viewerCount: 3,
      giftsCents: 1200,
      partner: null,
      partnerMedia: null,
      feed: [],
    });
    renderApp({ url: '/go-live' });
    expect((await screen.findByTestId('gifts-received')).textContent).toBe('$12.00');
    act(() =>
      broadcastSession.receive({ type: 'gift_received', streamId: liveStream().id, gift, totalGiftsReceived: 2200 }),
    );
    await waitFor(() => expect(screen.getByTestId('gifts-received').textContent).toBe('$22.00'));
    expect(screen.getByTestId('gift-animation').getAttribute('data-gift-type')).toBe('heart');
    // The streamer's room shows the gift with its sender and message in the chat.
    const room = screen.getByTestId('streamer-room');
    expect(within(room).getByTestId('chat-gift').textContent).toBe('@fan sent 2 × heart“Great show!”');
    expect(within(room).getByTestId('chat-gift').querySelector('svg[data-gift-icon="heart"]')).not.toBeNull();
    expect(within(room).getByTestId('streamer-room-viewers').textContent).toBe('3 viewers');
    act(() =>
      broadcastSession.receive({
        type: 'chat_message',
        streamId: liveStream().id,
        message: {
          id: 'm1',
          content: 'Hello from the front row',
          createdAt: new Date().toISOString(),
          user: { id: 'u3', username: 'fan', profileImageUrl: null },
        },
      }),
    );
    expect(within(room).getByTestId('chat-messages').textContent).toContain('Hello from the front row');
    // In the order the room heard them: the gift, then the line.
    const lines = within(room).getByTestId('chat-messages').querySelectorAll('li');
    expect([...lines].map((li) => li.dataset.testid)).toEqual(['chat-gift', 'chat-message']);
    // Another stream's gift is not this one's.
    act(() =>
      broadcastSession.receive({
        type: 'gift_received',
        streamId: '00000000-0000-4000-8000-000000000000',
        gift: { ...gift, id: 'g2' },
        totalGiftsReceived: 99_900,
      }),
    );
    expect(screen.getByTestId('gifts-received').textContent).toBe('$22.00');
  });

  it('shows a duet request (Duet Request, @username, message) with Accept calling accept; duet_started shows End Duet and the partner beside the preview', async () => {
    const fetch = stubFetch((url) => {
      if (url === '/api/auth/user') return json(200, testUser());
      if (url.endsWith('/duet/accept') || url.endsWith('/duet/end'))
        return json(200, { streamId: liveStream().id, duetPartnerId: null, position: null });
      return json(404, { error: 'not_found', message: 'Not found' });
    });
    broadcastSession.store.set({
      phase: 'live',
      stream: liveStream(),
      viewerCount: 1,
      giftsCents: 0,
      partner: null,
      partnerMedia: null,
      feed: [],
    });
    renderApp({ url: '/go-live' });
    await screen.findByTestId('stream-info');
    const from = { id: 'u3', username: 'singer', profileImageUrl: null };
    act(() =>
      broadcastSession.receive({ type: 'duet_request', streamId: liveStream().id, from, message: 'Sing with me' }),
    );
    const panel = await screen.findByTestId('duet-requests');
    expect(panel.textContent).toContain('Duet Request');
    expect(panel.textContent).toContain('@singer');
    expect(panel.textContent).toContain('Sing with me');
    expect(toastTitle()).toBe('Duet Request');
    expect(screen.getByTestId('duet-decline').textContent).toBe('Decline');
    fireEvent.click(screen.getByTestId('duet-accept'));
    await waitFor(() => expect(screen.queryByTestId('duet-requests')).toBeNull());
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/duet/accept'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 'u3' });

    act(() => broadcastSession.receive({ type: 'duet_started', streamId: liveStream().id, partner: from }));
    await waitFor(() => expect(toastTitle()).toBe('Duet Started!'));
    expect(screen.getByTestId('duet-layout').querySelector('[data-testid="stream-peer-video"]')).toBeTruthy();
    fireEvent.click(screen.getByTestId('end-duet'));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/duet/end'))).toBe(true));
    act(() =>
      broadcastSession.receive({ type: 'duet_ended', streamId: liveStream().id, partnerId: 'u3', reason: 'streamer' }),
    );
    await waitFor(() => expect(toastTitle()).toBe('Duet Ended'));
    expect(screen.queryByTestId('duet-layout')).toBeNull();
    expect(screen.queryByTestId('end-duet')).toBeNull();
  });
});

function liveStream(overrides: Partial<LiveStream> = {}): LiveStream {
  return testLiveStream({
    userId: 'u1',
    title: 'My stream',
    category: 'general',
    streamerUsername: 'jane_doe',
    user: { username: 'jane_doe', profileImageUrl: null, isVerified: false },
    ...overrides,
  });
}

describe('/go-live?live={id}: the streamer came from their own stream page, in a tab that does not broadcast it', () => {
  const stubStream = (stream: LiveStream, status = 200) =>
    stubFetch((url) => {
      if (url === '/api/auth/user') return json(200, testUser());
      if (url === `/api/streams/${stream.id}/join`)
        return status === 200 ? json(200, { stream }) : json(status, { error: 'gone', message: 'Ended' });
      if (url === `/api/streams/${stream.id}/end`)
        return json(200, { stream: { id: stream.id, isActive: false }, position: null });
      return json(404, { error: 'not_found', message: 'Not found' });
    });

  it('says the stream is live elsewhere, links to its page and can end it, instead of only offering a new stream', async () => {
    const fetch = stubStream(liveStream({ userId: 'u1', title: 'Evening jam' }));
    renderApp({ url: `/go-live?live=${liveStream().id}` });
    const card = await screen.findByTestId('live-elsewhere');
    expect(within(card).getByRole('heading').textContent).toBe('Evening jam');
    expect(card.textContent).toContain(LIVE_STREAM_MESSAGES.liveElsewhere);
    expect(within(card).getByRole('link', { name: 'View Stream Page' }).getAttribute('href')).toBe(
      `/stream/${liveStream().id}`,
    );
    fireEvent.click(within(card).getByTestId('live-elsewhere-end'));
    await waitFor(() => expect(toastTitle()).toBe(LIVE_STREAM_MESSAGES.ended));
    expect(
      fetch.mock.calls.some(([u, init]) => u === `/api/streams/${liveStream().id}/end` && init?.method === 'POST'),
    ).toBe(true);
  });

  it("shows nothing for someone else's stream or one that has ended", async () => {
    for (const [stream, status] of [
      [liveStream({ userId: 'u9' }), 200],
      [liveStream({ userId: 'u1' }), 410],
    ] as const) {
      const fetch = stubStream(stream, status);
      const { unmount } = renderApp({ url: `/go-live?live=${stream.id}` });
      await screen.findByRole('heading', { name: 'Prepare to Go Live' });
      // Once the stream's details are in, still no card.
      await waitFor(() => expect(fetch.mock.calls.some(([u]) => u === `/api/streams/${stream.id}/join`)).toBe(true));
      await act(async () => {
        for (const result of fetch.mock.results) await result.value;
      });
      expect(screen.queryByTestId('live-elsewhere')).toBeNull();
      unmount();
    }
  });
});
