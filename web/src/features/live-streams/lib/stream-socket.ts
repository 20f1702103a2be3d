import type { z } from 'zod';
import { mediaResponseData, serverMessage, type ClientMessage, type MediaRequest, type ServerMessage } from '@myworld/schemas/ws-messages';

type MediaType = MediaRequest['type'];
type MediaAnswer<T extends MediaType> = z.infer<(typeof mediaResponseData)[T]>;
type Listener = (message: ServerMessage) => void;

/** A refusal the server answered a socket request with. */
export class SocketRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SocketRequestError';
  }
}

/** The /ws address on the page's own origin (the session cookie goes with the upgrade). */
export function socketUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * The live socket: typed sends, every server message checked with the shared zod schema, and
 * request/response for media signalling (answers matched by requestId).
 */
export class StreamSocket {
  private readonly listeners = new Set<Listener>();
  private readonly pending = new Map<string, { resolve: (data: unknown) => void; reject: (error: Error) => void; type: MediaType }>();
  private counter = 0;

  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener('message', (event) => {
      const parsed = serverMessage.safeParse(safeJson(event.data));
      if (!parsed.success) {
        console.warn('ignored a socket message that is not a server message', parsed.error.issues);
        return;
      }
      this.dispatch(parsed.data);
    });
    ws.addEventListener('close', () => {
      for (const p of this.pending.values()) p.reject(new SocketRequestError('closed', 'The connection closed'));
      this.pending.clear();
      this.dispatchClosed();
    });
  }

  static connect(url = socketUrl()): Promise<StreamSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const socket = new StreamSocket(ws);
      ws.addEventListener('open', () => resolve(socket), { once: true });
      ws.addEventListener('error', () => reject(new Error('Could not connect to the live server')), { once: true });
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(message: ClientMessage): void {
    if (this.isOpen) this.ws.send(JSON.stringify(message));
  }

  /** Sends a media request and resolves with its answer (rejects with the server's error). */
  request<M extends DistributiveOmit<MediaRequest, 'requestId'>>(message: M): Promise<MediaAnswer<M['type']>> {
    const requestId = `q${++this.counter}`;
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve: resolve as (d: unknown) => void, reject, type: message.type });
      this.ws.send(JSON.stringify({ ...message, requestId }));
    });
  }

  /** Hears every server message; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private closeListeners = new Set<() => void>();
  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  close(): void {
    this.ws.close();
  }

  private dispatch(message: ServerMessage): void {
    if ((message.type === 'media_response' || message.type === 'error') && message.requestId !== undefined) {
      const pending = this.pending.get(String(message.requestId));
      if (pending) {
        this.pending.delete(String(message.requestId));
        if (message.type === 'error') pending.reject(new SocketRequestError(message.code, message.message));
        else {
          const data = mediaResponseData[pending.type].safeParse(message.data);
          if (data.success) pending.resolve(data.data);
          else pending.reject(new SocketRequestError('invalid_response', `unexpected answer to ${pending.type}`));
        }
        return;
      }
    }
    for (const listener of [...this.listeners]) listener(message);
  }

  private dispatchClosed(): void {
    for (const listener of [...this.closeListeners]) listener();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function safeJson(data: unknown): unknown {
  try {
    return typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    return null;
  }
}
