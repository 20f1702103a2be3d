import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIVE_STREAM_MESSAGES, PAYMENT_RETURN_CHANNEL, type LiveStream, type ServerMessage } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testLiveStream, testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { stubWebSocket } from '../../../lib/realtime/testing/fake-web-socket.ts';
import { broadcastSession } from '../lib/broadcast-session.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

const STREAM_ID = '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01';
const stream = (overrides: Partial<LiveStream> = {}): LiveStream =>
  testLiveStream({ id: STREAM_ID, viewerCount: 3, ...overrides });

type Route = (url: string, init: RequestInit) => Response | undefined;

/** The room's reads for `s`, signed in as `me` (null: a visitor), plus `more` routes. */
function stubRoom(s: LiveStream, me: string | null, more: Route = () => undefined) {
  const rest = (url: string, init: RequestInit) =>
    more(url, init) ??
    (url === `/api/streams/${STREAM_ID}/join`
      ? json(200, { stream: s })
      : url === `/api/streams/${STREAM_ID}/chat`
        ? json(200, { messages: [] })
        : url === '/api/gifts'
          ? json(200, [])
          : json(404, { error: 'not_found', message: 'Not found' }));
  return stubFetch(
    me
      ? (url, init) => (url === '/api/auth/user' ? json(200, testUser({ id: me })) : rest(url, init))
      : signedOutApi(rest),
  );
}

async function openActions() {
  fireEvent.click(await screen.findByTestId('tab-actions'));
  return screen.getByTestId('stream-actions');
}

describe('/stream/{id}: Request Duet', () => {
  it.each([
    ['a visitor', stream(), null],
    ['the owner', stream(), 'u2'],
    ['a stream without duets', stream({ allowDuets: false }), 'u1'],
    ['a stream with a duet partner', stream({ duetPartnerId: 'u9' }), 'u1'],
  ])('is hidden for %s', async (_label, s, me) => {
    stubWebSocket();
    stubRoom(s, me);
    renderApp({ url: `/stream/${STREAM_ID}` });
    await openActions();
    expect(screen.queryByTestId('request-duet')).toBeNull();
  });

  it('shows for a signed-in viewer of a duet stream without partner; sends the request and says "Duet Request Sent!"', async () => {
    stubWebSocket();
    const fetch = stubRoom(stream(), 'u1', (url) =>
      url === `/api/streams/${STREAM_ID}/duet/request`
        ? json(200, { streamId: STREAM_ID, duetPartnerId: null, position: null })
        : undefined,
    );
    renderApp({ url: `/stream/${STREAM_ID}` });
    await openActions();
    const button = screen.getByTestId('request-duet');
    expect(button.textContent).toBe('Request Duet');
    fireEvent.change(screen.getByTestId('duet-message'), { target: { value: ' Sing with me ' } });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Duet Request Sent!'));
    const [, init] = fetch.mock.calls.find(([u]) => u === `/api/streams/${STREAM_ID}/duet/request`)!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ message: 'Sing with me' });
  });

  it("a refused request shows the server's message", async () => {
    stubWebSocket();
    const refusal = { error: 'conflict', message: 'This stream already has a duet partner' };
    stubRoom(stream(), 'u1', (url) => (url.endsWith('/duet/request') ? json(409, refusal) : undefined));
    renderApp({ url: `/stream/${STREAM_ID}` });
    await openActions();
    fireEvent.click(screen.getByTestId('request-duet'));
    await waitFor(() => expect(screen.getByTestId('toast-description').textContent).toBe(refusal.message));
  });
});

describe('/stream/{id}: a duet on the room socket', () => {
  async function joinedRoom(me: string | null, more?: Route, s = stream()) {
    const ws = stubWebSocket();
    const fetch = stubRoom(s, me, more);
    renderApp({ url: `/stream/${STREAM_ID}` });
    await openActions();
    // The room's socket is the one that joins the stream (a signed-in page also holds the user's own).
    const joins = () => ws.sockets.find((w) => w.sent.some((m) => (m as { type?: string }).type === 'join_stream'));
    await waitFor(() => {
      for (const w of ws.sockets) if (w.readyState === 0) act(() => w.open());
      expect(joins()).toBeDefined();
    });
    const socket = joins()!;
    expect(socket.sent).toContainEqual({ type: 'join_stream', streamId: STREAM_ID });
    const receive = (m: ServerMessage) => act(() => socket.receive(m));
    // The viewer asked for the media with the join (left unanswered here).
    expect(asks(socket, 'media_capabilities')).toBe(true);
    receive({ type: 'stream_joined', streamId: STREAM_ID, role: 'viewer', viewerCount: 4, broadcasting: true });
    // Joined once the page shows the room's own count: it listens on the room's socket from then on.
    await waitFor(() => expect(screen.getByTestId('viewer-count-count').textContent).toBe('4'));
    return { receive, fetch };
  }
  const partner = { id: 'u3', username: 'singer', profileImageUrl: null };

  it('duet_started hides Request Duet ("Duet Started!"); duet_ended brings it back ("Duet Ended")', async () => {
    const { receive } = await joinedRoom('u1');
    expect(screen.getByTestId('request-duet')).toBeTruthy();
    receive({ type: 'duet_started', streamId: STREAM_ID, partner });
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Duet Started!'));
    expect(screen.queryByTestId('request-duet')).toBeNull();
    expect(screen.queryByTestId('end-duet')).toBeNull(); // neither the owner nor the partner
    receive({ type: 'duet_ended', streamId: STREAM_ID, partnerId: 'u3', reason: 'partner' });
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Duet Ended'));
    expect(screen.getByTestId('request-duet')).toBeTruthy();
  });

  it('the partner whose camera is refused is told "Camera Access Denied" and the duet is ended', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))) },
    });
    const ended = { streamId: STREAM_ID, duetPartnerId: null, position: null };
    const { receive, fetch } = await joinedRoom('u3', (url) =>
      url.endsWith('/duet/end') ? json(200, ended) : undefined,
    );
    receive({ type: 'duet_started', streamId: STREAM_ID, partner });
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Camera Access Denied'));
    expect(screen.getByTestId('toast-description').textContent).toBe(
      'Please allow camera access to participate in duets. Check your browser permissions.',
    );
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u === `/api/streams/${STREAM_ID}/duet/end`)).toBe(true));
    // Until the room hears the end, the partner may still end it; then the refusal stays the notice.
    expect(screen.getByTestId('end-duet')).toBeTruthy();
    receive({ type: 'duet_ended', streamId: STREAM_ID, partnerId: 'u3', reason: 'partner' });
    await waitFor(() => expect(screen.queryByTestId('end-duet')).toBeNull());
    expect(screen.getByTestId('toast-title').textContent).toBe('Camera Access Denied');
  });

  it('the partner back in the room (a reload) turns the camera on again', async () => {
    const getUserMedia = vi.fn(() => new Promise<MediaStream>(() => undefined));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    await joinedRoom('u3', undefined, stream({ duetPartnerId: 'u3' }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('end-duet')).toBeTruthy();
  });

  it('shows the owner a duet request with Accept and Decline; Decline calls the decline route', async () => {
    const answered = { streamId: STREAM_ID, duetPartnerId: null, position: null };
    const { receive, fetch } = await joinedRoom('u2', (url) =>
      url.endsWith('/duet/decline') ? json(200, answered) : undefined,
    );
    receive({ type: 'duet_request', streamId: STREAM_ID, from: partner, message: 'Let us sing' });
    const panel = await screen.findByTestId('duet-requests');
    expect(panel.textContent).toContain('@singer');
    expect(panel.textContent).toContain('Let us sing');
    expect(screen.getByTestId('duet-accept').textContent).toBe('Accept');
    fireEvent.click(screen.getByTestId('duet-decline'));
    await waitFor(() => expect(screen.queryByTestId('duet-requests')).toBeNull());
    const [, init] = fetch.mock.calls.find(([u]) => u === `/api/streams/${STREAM_ID}/duet/decline`)!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 'u3' });
  });
});

/** Opens the room at `url` as `me` and answers its join with `role`; the room's socket. */
async function roomSocket(me: string | null, role: 'viewer' | 'streamer', url = `/stream/${STREAM_ID}`) {
  const ws = stubWebSocket();
  const fetch = stubRoom(stream(), me);
  const app = renderApp({ url });
  const joins = () => ws.sockets.find((w) => w.sent.some((m) => (m as { type?: string }).type === 'join_stream'));
  await waitFor(() => {
    for (const w of ws.sockets) if (w.readyState === 0) act(() => w.open());
    expect(joins()).toBeDefined();
  });
  const socket = joins()!;
  act(() => socket.receive({ type: 'stream_joined', streamId: STREAM_ID, role, viewerCount: 3, broadcasting: true }));
  return { socket, fetch, app };
}
const asks = (socket: { sent: unknown[] }, type: string) =>
  socket.sent.some((m) => (m as { type?: string }).type === type);

describe('/stream/{id}: the streamer watching from a page that does not broadcast (another tab or device)', () => {
  it('receives the stream as a viewer does, with a note and a link to Go Live, never "not on this device"', async () => {
    const { socket } = await roomSocket('u2', 'streamer');
    // The owner's page asks for the media like any viewer's (the server does not count it as a viewer).
    await waitFor(() => expect(asks(socket, 'media_capabilities')).toBe(true));
    const note = await screen.findByTestId('own-stream-note');
    expect(note.textContent).toBe(`${LIVE_STREAM_MESSAGES.ownStreamWatching} ${LIVE_STREAM_MESSAGES.ownStreamControl}`);
    // Go Live, told which stream: in a tab that does not broadcast it, it says where the controls are.
    expect(within(note).getByRole('link', { name: LIVE_STREAM_MESSAGES.ownStreamControl }).getAttribute('href')).toBe(
      `/go-live?live=${STREAM_ID}`,
    );
    expect(screen.getByTestId('stream-page').textContent).not.toContain('not on this device');
    expect(screen.getByTestId('viewer-count').textContent).toContain('3');
  });

  it('the tab that broadcasts it shows its own camera instead: no note, no media asked of the room', async () => {
    broadcastSession.store.set((b) => ({ ...b, phase: 'live', stream: stream() }));
    try {
      const { socket } = await roomSocket('u2', 'streamer');
      // Joined (the chat can send), and what would follow the join has run: still no media asked.
      fireEvent.change(await screen.findByTestId('chat-input'), { target: { value: 'Hi' } });
      await waitFor(() => expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(false));
      await act(async () => undefined);
      expect(asks(socket, 'media_capabilities')).toBe(false);
      expect(screen.queryByTestId('own-stream-note')).toBeNull();
    } finally {
      broadcastSession.store.set((b) => ({ ...b, phase: 'idle', stream: null }));
    }
  });

  it('a viewer asks for its media right behind join_stream, before the join is answered', async () => {
    const ws = stubWebSocket();
    stubRoom(stream(), 'u1');
    renderApp({ url: `/stream/${STREAM_ID}` });
    const joins = () => ws.sockets.find((w) => asks(w, 'join_stream'));
    await waitFor(() => {
      for (const w of ws.sockets) if (w.readyState === 0) act(() => w.open());
      expect(joins()).toBeDefined();
    });
    // The server answers a socket's messages in order: the capabilities and the receive transport
    // are asked for while the join is under way, which saves the viewer two round trips.
    const sent = joins()!.sent.map((m) => (m as { type?: string; direction?: string }).type);
    expect(sent.slice(sent.indexOf('join_stream'))).toEqual([
      'join_stream',
      'media_capabilities',
      'media_create_transport',
    ]);
    expect(joins()!.sent.at(-1)).toMatchObject({ type: 'media_create_transport', direction: 'recv' });
  });

  it('the room is joined while the stream’s details are still loading', async () => {
    const ws = stubWebSocket();
    let answerDetails: (response: Response) => void = () => undefined;
    stubFetch(
      signedOutApi((url) =>
        url === `/api/streams/${STREAM_ID}/join`
          ? new Promise<Response>((resolve) => (answerDetails = resolve))
          : json(404, { error: 'not_found', message: 'Not found' }),
      ),
    );
    renderApp({ url: `/stream/${STREAM_ID}` });
    await screen.findByTestId('stream-loading');
    await waitFor(() => {
      for (const w of ws.sockets) if (w.readyState === 0) act(() => w.open());
      expect(ws.sockets.some((w) => asks(w, 'join_stream'))).toBe(true);
    });
    expect(screen.getByTestId('stream-loading')).toBeTruthy();
    act(() => answerDetails(json(200, { stream: stream() })));
    expect((await screen.findByTestId('stream-page')).dataset.streamId).toBe(STREAM_ID);
  });

  it('a viewer sees no such note', async () => {
    const { socket } = await roomSocket('u1', 'viewer');
    await waitFor(() => expect(asks(socket, 'media_capabilities')).toBe(true));
    expect(screen.queryByTestId('own-stream-note')).toBeNull();
  });
});

describe('/stream/{id}: gifts in the chat', () => {
  it('shows each gift the room receives among the chat lines, with its sender and message, once', async () => {
    const { socket } = await roomSocket(null, 'viewer');
    const gift = {
      id: 'g1',
      giftType: 'heart',
      emoji: '❤️',
      quantity: 2,
      message: 'Great show!',
      sender: { id: 'u3', username: 'fan' },
    };
    const chatLine = {
      id: 'm1',
      content: 'Hello',
      createdAt: new Date().toISOString(),
      user: { id: 'u4', username: 'early', profileImageUrl: null },
    };
    act(() => socket.receive({ type: 'chat_message', streamId: STREAM_ID, message: chatLine }));
    act(() => socket.receive({ type: 'gift_received', streamId: STREAM_ID, gift, totalGiftsReceived: 1000 }));
    act(() => socket.receive({ type: 'gift_received', streamId: STREAM_ID, gift, totalGiftsReceived: 1000 }));
    const line = await screen.findByTestId('chat-gift');
    expect(line.textContent).toBe('@fan sent 2 × heart“Great show!”');
    const lines = screen.getByTestId('chat-messages').querySelectorAll('li');
    expect([...lines].map((li) => li.dataset.testid)).toEqual(['chat-message', 'chat-gift']);
    expect(screen.getByTestId('gift-animation').textContent).toContain('Great show!');
  });
});

describe('/stream/{id} in the payment window, back from the card payment', () => {
  const back = (pi: string) =>
    `/stream/${STREAM_ID}?payment_intent=${pi}&payment_intent_client_secret=${pi}_secret&redirect_status=succeeded`;
  const channels: BroadcastChannel[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const c of channels.splice(0)) c.close();
  });

  it("hands the outcome to the buyer's tab and closes: no room, no join, no second viewer", async () => {
    const tab = new BroadcastChannel(PAYMENT_RETURN_CHANNEL);
    channels.push(tab);
    tab.onmessage = () => tab.postMessage({ type: 'payment_taken', paymentIntentId: 'pi_9' });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const ws = stubWebSocket();
    const fetch = stubRoom(stream(), 'u1');
    renderApp({ url: back('pi_9') });
    expect((await screen.findByTestId('payment-return')).dataset.outcome).toBe('succeeded');
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('stream-page')).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes(`/api/streams/${STREAM_ID}`))).toBe(false);
    expect(ws.sockets.some((w) => asks(w, 'join_stream'))).toBe(false);
  });

  it('with no buyer tab left, opens the stream itself at /stream/{id}', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const ws = stubWebSocket();
    stubRoom(stream(), 'u1');
    const { location } = renderApp({ url: back('pi_10') });
    await screen.findByTestId('payment-return');
    await screen.findByTestId('stream-page', {}, { timeout: 4_000 });
    expect(location.history.at(-1)).toBe(`/stream/${STREAM_ID}`);
    await waitFor(() => {
      for (const w of ws.sockets) if (w.readyState === 0) act(() => w.open());
      expect(ws.sockets.some((w) => asks(w, 'join_stream'))).toBe(true);
    });
    expect(close).not.toHaveBeenCalled();
  });
});
