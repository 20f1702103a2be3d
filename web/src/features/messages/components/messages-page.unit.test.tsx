import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIRECT_MESSAGE_MESSAGES, MESSAGE_MAX } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { stubWebSocket } from '../../../lib/realtime/testing/fake-web-socket.ts';
import { ALEX, dm, fakeMessagesApi, ME, NORA, SAM } from '../testing/fake-messages-api.ts';

beforeEach(() => {
  stubWebSocket(); // the user's socket never opens here: the page works by reading and polling
});
afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const calls = (fetch: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetch.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

/** Sam wrote twice (unread), Alex got the last word from me two hours ago. */
function twoConversations() {
  return fakeMessagesApi({
    threads: {
      [SAM.id]: [dm(ME, SAM.id, 'Hi Sam', 10), dm(SAM.id, ME, 'Hey!', 6), dm(SAM.id, ME, 'Are you there?', 5)],
      [ALEX.id]: [dm(ALEX.id, ME, 'Lunch?', 125), dm(ME, ALEX.id, 'See you', 120)],
    },
    unread: { [SAM.id]: 2 },
  });
}

async function openSamChat() {
  fireEvent.click(within(await screen.findByTestId('conversation-list')).getAllByTestId('conversation-item')[0]!);
  return screen.findByTestId('chat-view');
}

describe('/messages: the conversation list', () => {
  it('lists conversations newest first: picture or initial, name, last message, time and unread count', async () => {
    stubFetch(twoConversations().handler);
    renderApp({ url: '/messages' });
    const items = within(await screen.findByTestId('conversation-list')).getAllByTestId('conversation-item');
    expect(items.map((i) => i.dataset.userId)).toEqual([SAM.id, ALEX.id]);
    const [sam, alex] = items as [HTMLElement, HTMLElement];
    expect(sam.textContent).toContain('Sam Lee');
    expect(sam.querySelector('.avatar')!.textContent).toBe('S'); // no picture: the initial
    expect(sam.textContent).toContain('Are you there?');
    expect(sam.textContent).toContain('5 minutes ago');
    expect(within(sam).getByTestId('conversation-unread').textContent).toBe('2');
    expect(alex.querySelector('.avatar img')!.getAttribute('src')).toBe(ALEX.profileImageUrl);
    expect(alex.textContent).toContain('You: See you');
    expect(alex.textContent).toContain('2 hours ago');
    expect(within(alex).queryByTestId('conversation-unread')).toBeNull();
  });

  it(`says "${DIRECT_MESSAGE_MESSAGES.noConversations}" when there are none; back goes home when there is no previous page`, async () => {
    stubFetch(fakeMessagesApi().handler);
    const { location } = renderApp({ url: '/messages' });
    expect((await screen.findByTestId('conversations-empty')).textContent).toContain(
      DIRECT_MESSAGE_MESSAGES.noConversations,
    );
    expect(window.history.length).toBe(1); // opened directly in this tab
    fireEvent.click(screen.getByTestId('messages-back'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('back goes to the previous page when there is one', async () => {
    stubFetch(fakeMessagesApi().handler);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    renderApp({ url: '/messages' });
    fireEvent.click(await screen.findByTestId('messages-back'));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('is for signed-in users only: a visitor is sent to sign in, and back here afterwards', async () => {
    stubFetch((url) => (url === '/api/auth/user' ? json(401, { error: 'unauthorized', message: 'x' }) : json(404, {})));
    const { location } = renderApp({ url: '/messages' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?next=%2Fmessages'));
    expect(screen.queryByTestId('messages-page')).toBeNull();
  });
});

describe('/messages: the list beside the chat (side by side from 1024 px, one at a time on a phone)', () => {
  it(`without a chat open, the list and "${DIRECT_MESSAGE_MESSAGES.chooseConversation}"`, async () => {
    stubFetch(twoConversations().handler);
    renderApp({ url: '/messages' });
    await screen.findByTestId('conversation-list');
    expect(screen.getByTestId('chat-none').textContent).toBe(DIRECT_MESSAGE_MESSAGES.chooseConversation);
    expect(screen.getByTestId('messages-page').classList.contains('messages-page--chat-open')).toBe(false);
    expect(screen.queryByTestId('chat-view')).toBeNull();
  });

  it('with a chat open, the list stays, its row marked as the open one; another row opens that chat in its place', async () => {
    stubFetch(twoConversations().handler);
    const { location } = renderApp({ url: `/messages?to=${SAM.id}` });
    const list = await screen.findByTestId('conversation-list');
    await waitFor(() => expect(within(list).getAllByTestId('conversation-item')).toHaveLength(2));
    const row = (id: string) =>
      within(list)
        .getAllByTestId('conversation-item')
        .find((i) => i.dataset.userId === id)!;
    expect(screen.getByTestId('messages-page').classList.contains('messages-page--chat-open')).toBe(true);
    expect(row(SAM.id).getAttribute('aria-current')).toBe('true');
    expect(row(ALEX.id).getAttribute('aria-current')).toBeNull();
    expect(screen.queryByTestId('chat-none')).toBeNull();
    await waitFor(() => expect(within(screen.getByTestId('chat-header')).getByText('Sam Lee')).toBeTruthy());

    fireEvent.click(row(ALEX.id));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/messages?to=${ALEX.id}`));
    await waitFor(() => expect(row(ALEX.id).getAttribute('aria-current')).toBe('true'));
    expect(row(SAM.id).getAttribute('aria-current')).toBeNull();
    expect(screen.getAllByTestId('chat-view')).toHaveLength(1);
  });
});

describe('/messages: the chat', () => {
  it('opens from the list with messages oldest first (mine on the right), marks it read, and goes back to the list', async () => {
    const api = twoConversations();
    const fetch = stubFetch(api.handler);
    const { location } = renderApp({ url: '/messages' });
    expect((await screen.findByTestId('nav-messages-badge')).textContent).toBe('2');
    const chat = await openSamChat();
    expect(location.history.at(-1)).toBe(`/messages?to=${SAM.id}`);
    expect(within(chat).getByTestId('chat-header').textContent).toContain('Sam Lee');
    await waitFor(() => expect(within(chat).getAllByTestId('message-item')).toHaveLength(3));
    const items = within(chat).getAllByTestId('message-item');
    expect(items.map((i) => [i.textContent?.split(/\d+ minutes ago/)[0], i.dataset.mine])).toEqual([
      ['Hi Sam', 'true'],
      ['Hey!', 'false'],
      ['Are you there?', 'false'],
    ]);
    // Opening it marks it read: the server's new total empties the badge.
    await waitFor(() => expect(calls(fetch, 'PUT', `/api/messages/${SAM.id}/read`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('nav-messages-badge')).toBeNull());

    fireEvent.click(screen.getByTestId('chat-back'));
    const list = await screen.findByTestId('conversation-list');
    expect(location.history.at(-1)).toBe('/messages');
    expect(within(list).queryByTestId('conversation-unread')).toBeNull();
  });

  it('Send is disabled while blank or sending; Enter sends, Shift+Enter does not; the input clears once sent', async () => {
    const api = twoConversations();
    const fetch = stubFetch(api.handler);
    renderApp({ url: `/messages?to=${SAM.id}` });
    const input = (await screen.findByTestId('message-input')) as HTMLTextAreaElement;
    const send = screen.getByTestId('message-send') as HTMLButtonElement;
    expect(screen.getByTestId('message-counter').textContent).toBe(`0/${MESSAGE_MAX}`);
    expect(input.maxLength).toBe(MESSAGE_MAX);
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send.disabled).toBe(true); // blank after trimming
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(calls(fetch, 'POST', '/api/messages')).toHaveLength(0);

    fireEvent.change(input, { target: { value: ' On my way ' } });
    expect(screen.getByTestId('message-counter').textContent).toBe(`11/${MESSAGE_MAX}`);
    expect(send.disabled).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true }); // a new line, not a send
    expect(calls(fetch, 'POST', '/api/messages')).toHaveLength(0);

    let answer!: () => void;
    api.sends.next = () =>
      new Promise((resolve) => (answer = () => resolve(json(201, { message: dm(ME, SAM.id, 'On my way', 0) }))));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(send.disabled).toBe(true)); // sending
    expect(send.textContent).toBe('Sending...');
    expect(JSON.parse(String(calls(fetch, 'POST', '/api/messages')[0]![1]!.body))).toEqual({
      receiverId: SAM.id,
      content: 'On my way',
    });
    act(() => answer());
    await waitFor(() => expect(input.value).toBe(''));
    expect(screen.getByTestId('message-counter').textContent).toBe(`0/${MESSAGE_MAX}`);
    const last = screen.getAllByTestId('message-item').at(-1)!;
    expect(last.textContent).toContain('On my way');
    expect(last.dataset.mine).toBe('true');
  });

  it('the Send button sends too', async () => {
    const api = twoConversations();
    stubFetch(api.handler);
    renderApp({ url: `/messages?to=${SAM.id}` });
    fireEvent.change(await screen.findByTestId('message-input'), { target: { value: 'Clicked' } });
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(screen.getAllByTestId('message-item').at(-1)!.textContent).toContain('Clicked'));
    expect(api.state.threads[SAM.id]!.at(-1)!.content).toBe('Clicked');
  });

  it(`a refused send keeps the text and toasts "${DIRECT_MESSAGE_MESSAGES.sendFailed}" with the server's message`, async () => {
    const api = twoConversations();
    stubFetch(api.handler);
    renderApp({ url: `/messages?to=${SAM.id}` });
    const input = (await screen.findByTestId('message-input')) as HTMLTextAreaElement;
    api.sends.next = () => json(404, { error: 'not_found', field: 'receiverId', message: 'User not found' });
    fireEvent.change(input, { target: { value: 'Anyone?' } });
    fireEvent.click(screen.getByTestId('message-send'));
    expect((await screen.findByTestId('toast-title')).textContent).toBe(DIRECT_MESSAGE_MESSAGES.sendFailed);
    expect(screen.getByTestId('toast-description').textContent).toBe('User not found');
    expect(screen.getByTestId('toast').dataset.variant).toBe('destructive');
    expect(input.value).toBe('Anyone?');
    expect((screen.getByTestId('message-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('?to= a user with no conversation yet opens an empty chat headed from their profile', async () => {
    const api = twoConversations();
    const fetch = stubFetch(api.handler);
    renderApp({ url: `/messages?to=${NORA.id}` });
    const chat = await screen.findByTestId('chat-view');
    await waitFor(() => expect(within(chat).getByTestId('chat-header').textContent).toBe('NNora Vale@nora'));
    expect(calls(fetch, 'GET', `/api/users/${NORA.id}/profile`)).toHaveLength(1);
    expect(await within(chat).findByText(DIRECT_MESSAGE_MESSAGES.noMessages)).toBeTruthy();
    expect(calls(fetch, 'PUT', `/api/messages/${NORA.id}/read`)).toHaveLength(0); // nothing to read
    fireEvent.change(screen.getByTestId('message-input'), { target: { value: 'Hello Nora' } });
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(within(chat).getAllByTestId('message-item')).toHaveLength(1));
    expect(api.state.threads[NORA.id]!.map((m) => [m.receiverId, m.content])).toEqual([[NORA.id, 'Hello Nora']]);
  });

  it('?to= a user the list knows takes the header from the list, not their profile', async () => {
    const fetch = stubFetch(twoConversations().handler);
    renderApp({ url: '/messages' });
    await screen.findByTestId('conversation-list');
    await openSamChat();
    expect(screen.getByTestId('chat-header').textContent).toBe('SSam Lee@sam');
    expect(calls(fetch, 'GET', `/api/users/${SAM.id}/profile`)).toHaveLength(0);
  });

  it('?to= an unknown user says so and offers no composer', async () => {
    stubFetch(fakeMessagesApi().handler);
    renderApp({ url: '/messages?to=00000000-0000-4000-8000-0000000dead0' });
    await waitFor(() => expect(screen.getByTestId('chat-header').textContent).toBe('User not found'));
    expect(screen.queryByTestId('message-input')).toBeNull();
  });

  it('?to= oneself says one cannot message oneself', async () => {
    stubFetch(fakeMessagesApi().handler);
    renderApp({ url: `/messages?to=${ME}` });
    expect((await screen.findByTestId('chat-header')).textContent).toBe(DIRECT_MESSAGE_MESSAGES.cannotMessageSelf);
    expect(screen.queryByTestId('message-input')).toBeNull();
  });

  it('"Load earlier" reads the page before the oldest message shown, until there is none', async () => {
    const thread = Array.from({ length: 60 }, (_, i) => dm(i % 2 ? ME : SAM.id, i % 2 ? SAM.id : ME, `m${i}`, 100 - i));
    const fetch = stubFetch(fakeMessagesApi({ threads: { [SAM.id]: thread } }).handler);
    renderApp({ url: `/messages?to=${SAM.id}` });
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(50));
    expect(screen.getAllByTestId('message-item')[0]!.textContent).toContain('m10');
    fireEvent.click(screen.getByTestId('messages-load-earlier'));
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(60));
    expect(calls(fetch, 'GET', `/api/messages/${SAM.id}?before=${thread[10]!.id}`)).toHaveLength(1);
    expect(screen.getAllByTestId('message-item')[0]!.textContent).toContain('m0');
    expect(screen.queryByTestId('messages-load-earlier')).toBeNull(); // a short page: nothing before it
  });
});
