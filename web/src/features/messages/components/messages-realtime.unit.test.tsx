import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGE_POLL_MS, type ServerMessage } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { stubFetch } from '../../../testing/stub-fetch.ts';
import { stubWebSocket } from '../../../lib/realtime/testing/fake-web-socket.ts';
import { ALEX, dm, fakeMessagesApi, ME, NORA, SAM } from '../testing/fake-messages-api.ts';

let ws: ReturnType<typeof stubWebSocket>;
beforeEach(() => {
  ws = stubWebSocket();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const calls = (fetch: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetch.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method).length;

/** Opens the user's socket and has the server confirm the user: the socket is healthy. */
async function connectSocket() {
  await waitFor(() => expect(ws.latest()).toBeDefined());
  const socket = ws.latest()!;
  act(() => socket.open());
  await waitFor(() => expect(socket.sent).toContainEqual({ type: 'authenticate', userId: ME }));
  act(() => socket.receive({ type: 'authenticated', userId: ME }));
}

/** A server push, and the cache's notifications that follow it (they run on the next tick). */
const push = (message: ServerMessage) =>
  act(async () => {
    ws.latest()!.receive(message);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

function samAndAlex(unread: Record<string, number> = {}) {
  return fakeMessagesApi({
    threads: {
      [SAM.id]: [dm(ME, SAM.id, 'Hi Sam', 10), dm(SAM.id, ME, 'Hey!', 6)],
      [ALEX.id]: [dm(ME, ALEX.id, 'See you', 120)],
    },
    unread,
  });
}

describe('direct messages over the socket', () => {
  it('new_message appends to the open chat and marks it read again; one from someone else bumps the badge and their row', async () => {
    const api = samAndAlex();
    const fetch = stubFetch(api.handler);
    renderApp({ url: `/messages?to=${SAM.id}` });
    await connectSocket();
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(2));
    await waitFor(() => expect(calls(fetch, 'PUT', `/api/messages/${SAM.id}/read`)).toBe(1));

    const fromSam = dm(SAM.id, ME, 'Still there?', 0);
    await push({ type: 'new_message', message: fromSam, totalUnread: api.deliver(fromSam) });
    const last = screen.getAllByTestId('message-item').at(-1)!;
    expect(last.textContent).toContain('Still there?');
    expect(last.dataset.mine).toBe('false');
    await waitFor(() => expect(calls(fetch, 'PUT', `/api/messages/${SAM.id}/read`)).toBe(2)); // read while open
    expect(screen.queryByTestId('nav-messages-badge')).toBeNull();

    const fromAlex = dm(ALEX.id, ME, 'Ping', 0);
    await push({ type: 'new_message', message: fromAlex, totalUnread: api.deliver(fromAlex) });
    expect(screen.getByTestId('nav-messages-badge').textContent).toBe('1');
    expect(screen.getAllByTestId('message-item')).toHaveLength(3); // not this chat's

    // A message I sent from another tab shows as mine and adds nothing unread.
    const mine = dm(ME, SAM.id, 'Sent elsewhere', 0);
    await push({ type: 'new_message', message: mine, totalUnread: api.deliver(mine) });
    expect(screen.getByTestId('nav-messages-badge').textContent).toBe('1');
    expect(screen.getAllByTestId('message-item').at(-1)!.dataset.mine).toBe('true');

    fireEvent.click(screen.getByTestId('chat-back'));
    const rows = within(await screen.findByTestId('conversation-list')).getAllByTestId('conversation-item');
    expect(rows.map((r) => r.dataset.userId)).toEqual([SAM.id, ALEX.id]);
    expect(within(rows[0]!).queryByTestId('conversation-unread')).toBeNull(); // my own last message
    expect(rows[0]!.textContent).toContain('You: Sent elsewhere');
    expect(within(rows[1]!).getByTestId('conversation-unread').textContent).toBe('1');
    expect(rows[1]!.textContent).toContain('Ping');

    // Read in another tab: conversation_read clears the row and the badge here.
    api.state.unread[ALEX.id] = 0;
    await push({ type: 'conversation_read', otherUserId: ALEX.id, totalUnread: 0 });
    expect(screen.queryByTestId('nav-messages-badge')).toBeNull();
    expect(within(screen.getByTestId('conversation-list')).queryByTestId('conversation-unread')).toBeNull();
  });

  it('a message from someone the list does not know yet reads the list again', async () => {
    const api = samAndAlex();
    const fetch = stubFetch(api.handler);
    const { queryClient } = renderApp({ url: '/messages' });
    await screen.findByTestId('conversation-list');
    await connectSocket();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0)); // the catch-up read after connecting
    const readsBefore = calls(fetch, 'GET', '/api/conversations');
    const fromNora = dm(NORA.id, ME, 'Hi, I am new', 0);
    await push({ type: 'new_message', message: fromNora, totalUnread: api.deliver(fromNora) });
    await waitFor(() => expect(screen.getAllByTestId('conversation-item')[0]!.dataset.userId).toBe(NORA.id));
    expect(calls(fetch, 'GET', '/api/conversations')).toBe(readsBefore + 1);
    expect(screen.getByTestId('nav-messages-badge').textContent).toBe('1');
  });

  it('the badge on any page: the sum of unread counts, "99+" above 99, hidden at 0, live from the socket', async () => {
    const api = samAndAlex({ [SAM.id]: 99, [ALEX.id]: 1 });
    stubFetch(api.handler);
    renderApp({ url: '/live' });
    const badge = await screen.findByTestId('nav-messages-badge');
    expect(badge.textContent).toBe('99+');
    expect(screen.getByTestId('nav-messages').textContent).toContain('100 unread messages'); // for screen readers
    await connectSocket();
    // Read in other tabs (the server knows it before it pushes).
    api.state.unread[ALEX.id] = 0;
    await push({ type: 'conversation_read', otherUserId: ALEX.id, totalUnread: 99 });
    await waitFor(() => expect(screen.getByTestId('nav-messages-badge').textContent).toBe('99'));
    api.state.unread[SAM.id] = 0;
    await push({ type: 'conversation_read', otherUserId: SAM.id, totalUnread: 0 });
    await waitFor(() => expect(screen.queryByTestId('nav-messages-badge')).toBeNull());
    const fromAlex = dm(ALEX.id, ME, 'Ping', 0);
    await push({ type: 'new_message', message: fromAlex, totalUnread: api.deliver(fromAlex) });
    expect(screen.getByTestId('nav-messages-badge').textContent).toBe('1');
  });
});

describe('polling', () => {
  it(`reads the open chat every ${MESSAGE_POLL_MS} ms only while the socket is not healthy`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = samAndAlex();
    const fetch = stubFetch(api.handler);
    renderApp({ url: `/messages?to=${SAM.id}` });
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(2));
    const reads = () => calls(fetch, 'GET', `/api/messages/${SAM.id}`);
    const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

    // No socket yet: a message the server got shows by the next poll.
    const first = reads();
    api.deliver(dm(SAM.id, ME, 'Polled in', 0));
    await tick(MESSAGE_POLL_MS);
    expect(reads()).toBe(first + 1);
    await waitFor(() => expect(screen.getAllByTestId('message-item').at(-1)!.textContent).toContain('Polled in'));

    // Healthy: one read to catch up with what it missed, then no polling at all.
    await connectSocket();
    await tick(0);
    const healthy = reads();
    expect(healthy).toBe(first + 2);
    await tick(MESSAGE_POLL_MS * 5);
    expect(reads()).toBe(healthy);

    // Dropped (its reconnect attempt not open yet): polling resumes.
    act(() => ws.latest()!.drop());
    await tick(MESSAGE_POLL_MS);
    expect(reads()).toBe(healthy + 1);
    await tick(MESSAGE_POLL_MS);
    expect(reads()).toBe(healthy + 2);
  });

  it(`reads the conversation list every ${MESSAGE_POLL_MS} ms only while the socket is not healthy`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubFetch(samAndAlex().handler);
    renderApp({ url: '/messages' });
    await screen.findByTestId('conversation-list');
    const reads = () => calls(fetch, 'GET', '/api/conversations');
    const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    await tick(0);
    const first = reads();
    await tick(MESSAGE_POLL_MS);
    expect(reads()).toBe(first + 1);
    await connectSocket();
    await tick(0);
    const healthy = reads();
    await tick(MESSAGE_POLL_MS * 5);
    expect(reads()).toBe(healthy);
    act(() => ws.latest()!.receive({ type: 'authenticated', userId: null })); // no longer this user's socket
    await tick(MESSAGE_POLL_MS);
    expect(reads()).toBe(healthy + 1);
  });
});
