import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE_CODES } from '@myworld/schemas';
import { stubWebSocket, type FakeWebSocket } from './testing/fake-web-socket.ts';
import { appToasts } from '../../components/ui/toast/toast-store.ts';
import { holdUserSocket, onUserPush, toastOnPush, USER_SOCKET_RETRY_DELAYS_MS } from './user-socket.ts';

let ws: ReturnType<typeof stubWebSocket>;
const latest = () => ws.latest() as FakeWebSocket;
/** Lets the connection's open promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  ws = stubWebSocket();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openAndConfirm(userId = 'u1') {
  latest().open();
  await settle();
  latest().receive({ type: 'authenticated', userId });
}

describe("the user's socket", () => {
  it('authenticates once open and is healthy only once the server confirms the user', async () => {
    const { socket, release } = holdUserSocket('u1');
    const changes = vi.fn();
    socket.onHealthChange(changes);
    expect(ws.sockets).toHaveLength(1);
    latest().open();
    await settle();
    expect(latest().sent).toEqual([{ type: 'authenticate', userId: 'u1' }]);
    expect(socket.healthy).toBe(false);
    latest().receive({ type: 'authenticated', userId: 'u1' });
    expect(socket.healthy).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    release();
  });

  it('is not healthy when the server names someone else (a visitor socket)', async () => {
    const { socket, release } = holdUserSocket('u1');
    await openAndConfirm('u1');
    latest().receive({ type: 'authenticated', userId: null });
    expect(socket.healthy).toBe(false);
    release();
  });

  it('hands every message to app-wide push listeners, without their holding the socket', async () => {
    const heard = vi.fn();
    const off = onUserPush(heard);
    const { release } = holdUserSocket('u1');
    await openAndConfirm();
    const reminder = {
      type: 'stream_reminder',
      streamId: 's1',
      title: 'Jam',
      streamerUsername: 'dj',
      scheduledFor: '2030-01-01T10:00:00.000Z',
      isActive: true,
    } as const;
    latest().receive(reminder);
    expect(heard).toHaveBeenLastCalledWith(reminder);
    off();
    latest().receive(reminder);
    expect(heard).toHaveBeenCalledTimes(2); // authenticated, then the reminder
    release();
  });

  it('toasts every push of a type through one listener, however often it is asked for', async () => {
    const titles = vi.fn();
    const unwatch = appToasts.subscribe(() => titles(appToasts.current()?.title));
    const off = toastOnPush('stream_reminder', (m) => ({ title: m.title }));
    expect(toastOnPush('stream_reminder', (m) => ({ title: `again: ${m.title}` }))).toBe(off);
    const { release } = holdUserSocket('u1');
    await openAndConfirm();
    const reminder = {
      type: 'stream_reminder',
      streamId: 's1',
      title: 'Jam',
      streamerUsername: 'dj',
      scheduledFor: '2030-01-01T10:00:00.000Z',
      isActive: true,
    } as const;
    latest().receive(reminder);
    expect(titles.mock.calls).toEqual([['Jam']]);
    off();
    latest().receive(reminder);
    expect(titles).toHaveBeenCalledTimes(1);
    unwatch();
    appToasts.dismiss();
    release();
  });

  it('is shared by its holders and closed by the last release', async () => {
    const a = holdUserSocket('u1');
    const b = holdUserSocket('u1');
    expect(a.socket).toBe(b.socket);
    expect(ws.sockets).toHaveLength(1);
    await openAndConfirm();
    a.release();
    a.release(); // a second release of the same hold counts once
    expect(latest().readyState).toBe(1);
    b.release();
    expect(latest().readyState).toBe(3);
    expect(b.socket.healthy).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ws.sockets).toHaveLength(1); // closed on purpose: not reopened
  });

  it('hands on server messages across a drop and reopen, and is unhealthy in between', async () => {
    const { socket, release } = holdUserSocket('u1');
    const heard = vi.fn();
    socket.subscribe(heard);
    await openAndConfirm();
    latest().drop();
    expect(socket.healthy).toBe(false);
    await vi.advanceTimersByTimeAsync(USER_SOCKET_RETRY_DELAYS_MS[0]! - 1);
    expect(ws.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.sockets).toHaveLength(2);
    await openAndConfirm();
    expect(socket.healthy).toBe(true);
    latest().receive({ type: 'conversation_read', otherUserId: 'u2', totalUnread: 0 });
    expect(heard).toHaveBeenLastCalledWith({ type: 'conversation_read', otherUserId: 'u2', totalUnread: 0 });
    release();
  });

  it('keeps retrying a refused open, waiting longer each time', async () => {
    const { release } = holdUserSocket('u1');
    latest().drop(); // refused before opening
    await vi.advanceTimersByTimeAsync(USER_SOCKET_RETRY_DELAYS_MS[0]!);
    expect(ws.sockets).toHaveLength(2);
    latest().drop();
    await vi.advanceTimersByTimeAsync(USER_SOCKET_RETRY_DELAYS_MS[1]! - 1);
    expect(ws.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.sockets).toHaveLength(3);
    release();
  });

  it('does not reopen after a close the server meant (signed out elsewhere)', async () => {
    const { socket, release } = holdUserSocket('u1');
    await openAndConfirm();
    latest().drop(WS_CLOSE_CODES.sessionRevoked);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ws.sockets).toHaveLength(1);
    expect(socket.healthy).toBe(false);
    release();
  });
});
