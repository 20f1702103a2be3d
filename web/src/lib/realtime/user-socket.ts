import type { ServerMessage } from '@myworld/schemas';
import { toast, type ToastInput } from '../../components/ui/toast/toast-store.ts';
import { RealtimeConnection } from './realtime-connection.ts';

/**
 * The signed-in user's own /ws socket, for pushes addressed to the user rather than to a room
 * (direct messages today; notifications next). One per tab and user, however many features hold
 * it: the first holder opens it, the last one to let go closes it. It says who it is with
 * `authenticate` and reopens after a drop. It is healthy only while open and confirmed by the
 * server's `authenticated`; a feature polls instead while it is not, since pushes may be lost.
 */

/** How long to wait before each reopen after a drop or a failed open; the last one repeats. */
export const USER_SOCKET_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000];

type Listener = (message: ServerMessage) => void;

export interface UserSocket {
  /** Open, and the server confirmed this user on it. */
  readonly healthy: boolean;
  /** Hears every server message on it (across reopens); returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
  /** Told whenever `healthy` changes; returns the unsubscribe. */
  onHealthChange(listener: () => void): () => void;
}

class SharedUserSocket implements UserSocket {
  private connection: RealtimeConnection | null = null;
  private isHealthy = false;
  private attempt = 0;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly healthListeners = new Set<() => void>();

  constructor(private readonly userId: string) {
    void this.connect();
  }

  get healthy(): boolean {
    return this.isHealthy;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onHealthChange(listener: () => void): () => void {
    this.healthListeners.add(listener);
    return () => this.healthListeners.delete(listener);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.connection?.close();
    this.connection = null;
    this.setHealthy(false);
  }

  private async connect(): Promise<void> {
    let connection: RealtimeConnection;
    try {
      connection = await RealtimeConnection.open();
    } catch {
      return this.retryLater();
    }
    if (this.stopped) return connection.close();
    this.connection = connection;
    connection.subscribe((message) => this.hear(message));
    connection.onClose(({ message }) => {
      this.connection = null;
      this.setHealthy(false);
      // A close the server meant (too many sockets, signed out) would be refused again: stay on polling.
      if (message === undefined) this.retryLater();
    });
    connection.send({ type: 'authenticate', userId: this.userId });
  }

  private hear(message: ServerMessage): void {
    if (message.type === 'authenticated') {
      const confirmed = message.userId === this.userId;
      if (confirmed) this.attempt = 0;
      this.setHealthy(confirmed);
    }
    for (const listener of [...this.listeners]) listener(message);
    for (const listener of [...pushListeners]) listener(message);
  }

  private retryLater(): void {
    if (this.stopped) return;
    const delay = USER_SOCKET_RETRY_DELAYS_MS[Math.min(this.attempt, USER_SOCKET_RETRY_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private setHealthy(healthy: boolean): void {
    if (healthy === this.isHealthy) return;
    this.isHealthy = healthy;
    for (const listener of [...this.healthListeners]) listener();
  }
}

/** App-wide listeners of every user socket (see onUserPush). */
const pushListeners = new Set<Listener>();

/**
 * Hears every message of whichever user socket this tab holds, without holding one: for notices
 * shown on any page (a stream reminder), registered once when the app loads. Returns the unsubscribe.
 */
export function onUserPush(listener: Listener): () => void {
  pushListeners.add(listener);
  return () => pushListeners.delete(listener);
}

/** The toastOnPush listener of each message type, so each type gets one however often it is asked for. */
const toasting = new Map<ServerMessage['type'], () => void>();

/**
 * Shows `toNotice(message)` as a toast for every `type` push, on whatever page the user is (a
 * stream reminder, a removal notice): one listener per type, however many times it is called
 * (the first call's `toNotice` is the one used). Returns its unsubscribe.
 */
export function toastOnPush<T extends ServerMessage['type']>(
  type: T,
  toNotice: (message: Extract<ServerMessage, { type: T }>) => ToastInput,
): () => void {
  const registered = toasting.get(type);
  if (registered) return registered;
  const stop = onUserPush((m) => {
    if (m.type === type) toast(toNotice(m as Extract<ServerMessage, { type: T }>));
  });
  const off = () => {
    stop();
    if (toasting.get(type) === off) toasting.delete(type);
  };
  toasting.set(type, off);
  return off;
}

const held = new Map<string, { socket: SharedUserSocket; holders: number }>();

/** The user's socket, opened on first hold; call `release` when done (the last release closes it). */
export function holdUserSocket(userId: string): { socket: UserSocket; release: () => void } {
  const entry = held.get(userId) ?? { socket: new SharedUserSocket(userId), holders: 0 };
  entry.holders += 1;
  held.set(userId, entry);
  let released = false;
  return {
    socket: entry.socket,
    release: () => {
      if (released) return;
      released = true;
      entry.holders -= 1;
      if (entry.holders > 0) return;
      held.delete(userId);
      entry.socket.stop();
    },
  };
}
