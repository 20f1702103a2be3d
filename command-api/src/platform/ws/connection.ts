import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { EventMetadata, ServerMessage } from '@myworld/schemas';

/**
 * One browser socket. Its user is fixed at the upgrade (session cookie) and never changes; `rooms`
 * are the fan-out rooms it is in; `state` holds what features keep per socket (e.g. the joined
 * live stream), under keys of their own.
 */
export class Connection {
  readonly id = randomUUID();
  readonly rooms = new Set<string>();
  readonly state = new Map<string, unknown>();
  private queue: Promise<void> = Promise.resolve();
  private sequence = 0;
  private tokens: number;
  private refilledAt = Date.now();

  constructor(
    readonly socket: WebSocket,
    readonly userId: string | null,
    /** Where the socket was opened from, for the metadata of the events its messages cause. */
    readonly client: NonNullable<EventMetadata['client']>,
    /** The client's address (per-address limits; behind TRUST_PROXY the forwarded one). */
    readonly address: string = 'unknown',
    /** The fingerprint of the session the socket authenticated with (null for a visitor). */
    readonly sessionFingerprint: string | null = null,
    /** Messages per second this socket may send (token bucket of the same size). */
    private readonly messagesPerSecond = Number.POSITIVE_INFINITY,
  ) {
    this.tokens = messagesPerSecond;
  }

  /** Takes one message from the socket's token bucket; false when it is empty (rate limited). */
  takeToken(now = Date.now()): boolean {
    const elapsed = (now - this.refilledAt) / 1000;
    this.refilledAt = now;
    this.tokens = Math.min(this.messagesPerSecond, this.tokens + elapsed * this.messagesPerSecond);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  get isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  send(message: ServerMessage): void {
    if (this.isOpen) this.socket.send(JSON.stringify(message));
  }

  /** Messages of one socket are handled one at a time, in the order they arrived. */
  enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task, task);
    return this.queue;
  }

  /** A request id for the events one message causes: `<connection>:<n>`. */
  nextRequestId(): string {
    return `${this.id}:${++this.sequence}`;
  }
}
