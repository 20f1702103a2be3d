import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLATFORM_MESSAGES, WS_CLOSE_CODES } from '@myworld/schemas';
import { RealtimeConnection, RealtimeRequestError, socketUrl, type SocketLike } from './realtime-connection.ts';

type Handler = (event: { data?: unknown; code?: number }) => void;

/** A WebSocket the test drives: it opens, receives and drops when told to. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  private readonly handlers: { type: string; fn: Handler; once: boolean }[] = [];
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: Handler, options?: { once?: boolean }) {
    this.handlers.push({ type, fn, once: options?.once ?? false });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.drop();
  }
  // driven by the test
  open() {
    this.readyState = 1;
    this.emit('open', {});
  }
  fail() {
    this.emit('error', {});
    this.drop();
  }
  drop(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit('close', { code });
  }
  receive(message: unknown) {
    this.emit('message', { data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  private emit(type: string, event: { data?: unknown; code?: number }) {
    for (const h of [...this.handlers]) {
      if (h.type !== type) continue;
      if (h.once) this.handlers.splice(this.handlers.indexOf(h), 1);
      h.fn(event);
    }
  }
}

let sockets: FakeSocket[];
const createSocket = (url: string) => {
  const s = new FakeSocket(url);
  sockets.push(s);
  return s;
};
const latest = () => sockets.at(-1)!;

async function connect(reconnectDelaysMs?: number[]) {
  const opening = RealtimeConnection.open({
    url: 'ws://test/ws',
    createSocket,
    ...(reconnectDelaysMs ? { reconnectDelaysMs } : {}),
  });
  latest().open();
  return opening;
}

beforeEach(() => {
  sockets = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the realtime connection', () => {
  it('connects to /ws on the page origin, wss on https', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
    expect(socketUrl({ protocol: 'https:', host: 'myworld.example' })).toBe('wss://myworld.example/ws');
  });

  it('rejects when the first connection fails', async () => {
    const opening = RealtimeConnection.open({ url: 'ws://test/ws', createSocket });
    latest().fail();
    await expect(opening).rejects.toThrow('Could not connect to the live server');
  });

  it('rejects when the socket closes before opening, without an error first', async () => {
    vi.useFakeTimers();
    const opening = RealtimeConnection.open({ url: 'ws://test/ws', createSocket, reconnectDelaysMs: [100] });
    latest().drop();
    await expect(opening).rejects.toThrow('Could not connect to the live server');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(1); // nobody got this connection: it is not retried
  });

  it('hands on valid server messages and ignores anything else', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const connection = await connect();
    const heard = vi.fn();
    const off = connection.subscribe(heard);
    latest().receive({ type: 'viewer_left', streamId: 's1', viewerCount: 3 });
    latest().receive({ type: 'no_such_message' });
    latest().receive('not json');
    expect(heard.mock.calls).toEqual([[{ type: 'viewer_left', streamId: 's1', viewerCount: 3 }]]);
    expect(warn).toHaveBeenCalledTimes(2);
    off();
    latest().receive({ type: 'viewer_left', streamId: 's1', viewerCount: 2 });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('sends typed messages only while open', async () => {
    const connection = await connect();
    connection.send({ type: 'join_stream', streamId: '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01' });
    connection.close();
    connection.send({ type: 'leave_stream' } as never);
    expect(latest().sent).toEqual([{ type: 'join_stream', streamId: '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01' }]);
  });

  it('pairs each request with the answer carrying its requestId; an error answer rejects', async () => {
    const connection = await connect();
    const heard = vi.fn();
    connection.subscribe(heard);
    const first = connection.request({ type: 'media_capabilities', streamId: 's1' } as never);
    const second = connection.request({ type: 'media_resume', streamId: 's1', consumerId: 'c1' } as never);
    const [q1, q2] = latest().sent.map((m) => (m as { requestId: string }).requestId);
    expect(q1).not.toBe(q2);
    latest().receive({ type: 'error', code: 'not_joined', message: 'Join the stream first', requestId: q2 });
    latest().receive({ type: 'media_response', requestId: q1, data: { rtpCapabilities: {} } });
    await expect(first).resolves.toEqual({ type: 'media_response', requestId: q1, data: { rtpCapabilities: {} } });
    await expect(second).rejects.toEqual(new RealtimeRequestError('not_joined', 'Join the stream first'));
    expect(heard).not.toHaveBeenCalled(); // answers go to their request, not to subscribers
    // An answer nobody waits for is an ordinary message.
    latest().receive({ type: 'error', code: 'x', message: 'late', requestId: 'q99' });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('rejects pending requests when the connection closes, and tells onClose once', async () => {
    const connection = await connect();
    const closed = vi.fn();
    connection.onClose(closed);
    const pending = connection.request({ type: 'media_capabilities', streamId: 's1' } as never);
    latest().drop();
    await expect(pending).rejects.toThrow('The connection closed');
    await expect(connection.request({ type: 'media_capabilities', streamId: 's1' } as never)).rejects.toThrow(
      'The connection closed',
    );
    expect(closed).toHaveBeenCalledTimes(1);
    expect(connection.isOpen).toBe(false);
  });

  it('without reconnect delays, a drop closes it for good', async () => {
    vi.useFakeTimers();
    await connect();
    latest().drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects after a drop with the given delays, keeps subscribers, and tells onReconnect', async () => {
    vi.useFakeTimers();
    const connection = await connect([100, 1000]);
    const heard = vi.fn();
    const reconnected = vi.fn();
    const closed = vi.fn();
    connection.subscribe(heard);
    connection.onReconnect(reconnected);
    connection.onClose(closed);

    latest().drop();
    await vi.advanceTimersByTimeAsync(99);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    latest().fail(); // the first attempt fails: the next waits 1000 ms
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(3);
    latest().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(connection.isOpen).toBe(true);
    latest().receive({ type: 'stream_left', streamId: 's1' });
    expect(heard).toHaveBeenCalledTimes(1);

    // A connection that comes back starts the delays over; once they are used up it stays closed.
    latest().drop();
    await vi.advanceTimersByTimeAsync(100);
    latest().fail();
    await vi.advanceTimersByTimeAsync(1000);
    latest().fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(5);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['too many sockets', WS_CLOSE_CODES.tooManySockets, PLATFORM_MESSAGES.tooManySockets],
    ['session revoked', WS_CLOSE_CODES.sessionRevoked, PLATFORM_MESSAGES.sessionRevoked],
  ])('a close the server meant (%s) is not retried, and says why', async (_name, code, message) => {
    vi.useFakeTimers();
    const connection = await connect([100, 1000]);
    const closed = vi.fn();
    connection.onClose(closed);
    const pending = connection.request({ type: 'media_capabilities', streamId: 's1' } as never);
    latest().drop(code);
    await expect(pending).rejects.toThrow(message);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(closed).toHaveBeenCalledExactlyOnceWith({ message });
  });

  it('close() stops reconnecting', async () => {
    vi.useFakeTimers();
    const connection = await connect([100]);
    latest().drop();
    connection.close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(1);
  });
});

describe('a drop that reports an error first', () => {
  it('still reconnects', async () => {
    vi.useFakeTimers();
    const connection = await connect([100]);
    latest().fail();
    await vi.advanceTimersByTimeAsync(100);
    latest().open();
    expect(connection.isOpen).toBe(true);
    connection.close();
  });
});
