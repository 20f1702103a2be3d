import { serverMessage, wsCloseMessage, type ClientMessage, type ServerMessage } from '@myworld/schemas';

/**
 * The browser's connection to the server's /ws socket, for every feature that needs pushes (live
 * rooms today; messages, gifts, duets and notifications next). It knows no feature: it sends typed
 * client messages, checks every server message against the shared schema before handing it on,
 * pairs requests with their answers by `requestId`, and can reconnect after a drop.
 */

type Listener = (message: ServerMessage) => void;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A client message that expects an answer: the server repeats its `requestId` on the answer. */
export type RequestMessage = DistributiveOmit<Extract<ClientMessage, { requestId: unknown }>, 'requestId'>;

/** A refusal the server answered a request with (or the connection closing before the answer). */
export class RealtimeRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RealtimeRequestError';
  }
}

/** The /ws address on the page's own origin (the session cookie goes with the upgrade). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** What the connection needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(
    type: 'open' | 'close' | 'error' | 'message',
    listener: (event: { data?: unknown; code?: number }) => void,
    options?: { once?: boolean },
  ): void;
}

/** How the connection closed for good: `message` is set when the server closed it on purpose (too many sockets, session ended). */
export interface RealtimeClosed {
  readonly message: string | undefined;
}

export interface RealtimeOptions {
  /** Where to connect. Default: `socketUrl()`, the page's own origin. */
  url?: string;
  /**
   * How long to wait before each reconnect attempt after the connection drops, in order; once
   * they are used up the connection stays closed. Default: none (a drop closes it for good).
   */
  reconnectDelaysMs?: readonly number[];
  /** Opens a socket. Default: the browser's `new WebSocket(url)`. */
  createSocket?: (url: string) => SocketLike;
}

const OPEN = 1;

export class RealtimeConnection {
  private socket: SocketLike;
  private readonly listeners = new Set<Listener>();
  private readonly closeListeners = new Set<(closed: RealtimeClosed) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly pending = new Map<
    string,
    { resolve: (answer: ServerMessage) => void; reject: (error: Error) => void }
  >();
  private counter = 0;
  private attempt = 0;
  private closedForGood = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  private constructor(
    private readonly url: string,
    private readonly options: RealtimeOptions,
    first: SocketLike,
  ) {
    this.socket = first;
    this.wire(first);
  }

  /** Connects; resolves once the socket is open, rejects if this first attempt fails. */
  static open(options: RealtimeOptions = {}): Promise<RealtimeConnection> {
    const url = options.url ?? socketUrl();
    const socket = (options.createSocket ?? ((u: string) => new WebSocket(u)))(url);
    const connection = new RealtimeConnection(url, options, socket);
    return new Promise((resolve, reject) => {
      let opened = false;
      socket.addEventListener(
        'open',
        () => {
          opened = true;
          resolve(connection);
        },
        { once: true },
      );
      const failed = () => {
        if (opened) return; // a later drop: the close handler decides about reconnecting
        connection.closedForGood = true; // no reconnecting a connection nobody got
        reject(new Error('Could not connect to the live server'));
      };
      socket.addEventListener('error', failed, { once: true });
      // Some sockets (happy-dom's, some browsers on a refused port) close without an error first.
      socket.addEventListener('close', failed, { once: true });
    });
  }

  get isOpen(): boolean {
    return this.socket.readyState === OPEN;
  }

  /** Sends a message if the connection is open (dropped otherwise, like any push). */
  send(message: ClientMessage): void {
    if (this.isOpen) this.socket.send(JSON.stringify(message));
  }

  /**
   * Sends a request and resolves with the server message that answers it (same `requestId`);
   * rejects with the server's `error` answer, or when the connection closes first.
   */
  request(message: RequestMessage): Promise<ServerMessage> {
    if (!this.isOpen) return Promise.reject(new RealtimeRequestError('closed', 'The connection closed'));
    const requestId = `q${++this.counter}`;
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      this.socket.send(JSON.stringify({ ...message, requestId }));
    });
  }

  /** Hears every server message that is not the answer to a request; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Told once when the connection is closed for good: closed here, dropped with no retries left, or
   * closed by the server on purpose (never retried; `message` says why).
   */
  onClose(listener: (closed: RealtimeClosed) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** Told each time a dropped connection is open again: the server forgot it, so re-join rooms here. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  close(): void {
    this.closedForGood = true;
    clearTimeout(this.retryTimer);
    this.socket.close();
  }

  private wire(socket: SocketLike): void {
    socket.addEventListener('message', (event) => {
      if (socket !== this.socket) return;
      const parsed = serverMessage.safeParse(safeJson(event.data));
      if (!parsed.success) {
        console.warn('ignored a socket message that is not a server message', parsed.error.issues);
        return;
      }
      this.dispatch(parsed.data);
    });
    socket.addEventListener('open', () => {
      if (socket !== this.socket || this.attempt === 0) return;
      this.attempt = 0;
      for (const listener of [...this.reconnectListeners]) listener();
    });
    socket.addEventListener('close', (event) => {
      if (socket !== this.socket) return;
      const message = wsCloseMessage(event.code);
      for (const p of this.pending.values())
        p.reject(new RealtimeRequestError('closed', message ?? 'The connection closed'));
      this.pending.clear();
      const delay =
        this.closedForGood || message !== undefined ? undefined : this.options.reconnectDelaysMs?.[this.attempt];
      if (delay === undefined) {
        this.closedForGood = true;
        for (const listener of [...this.closeListeners]) listener({ message });
        return;
      }
      this.attempt += 1;
      this.retryTimer = setTimeout(() => {
        if (this.closedForGood) return;
        const next = (this.options.createSocket ?? ((u: string) => new WebSocket(u)))(this.url);
        this.socket = next;
        this.wire(next);
      }, delay);
    });
  }

  private dispatch(message: ServerMessage): void {
    const requestId = 'requestId' in message && message.requestId !== undefined ? String(message.requestId) : undefined;
    const pending = requestId === undefined ? undefined : this.pending.get(requestId);
    if (requestId !== undefined && pending) {
      this.pending.delete(requestId);
      if (message.type === 'error') pending.reject(new RealtimeRequestError(message.code, message.message));
      else pending.resolve(message);
      return;
    }
    for (const listener of [...this.listeners]) listener(message);
  }
}

function safeJson(data: unknown): unknown {
  try {
    return typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    return null;
  }
}
