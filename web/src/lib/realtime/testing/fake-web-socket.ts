import { vi } from 'vitest';
import type { ServerMessage } from '@myworld/schemas';
import type { SocketLike } from '../realtime-connection.ts';

type Handler = (event: { data?: unknown; code?: number }) => void;

/** A browser WebSocket the test drives: it opens, receives and drops when told to, and keeps what was sent. */
export class FakeWebSocket implements SocketLike {
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
    this.drop(1000);
  }

  // Driven by the test.
  open() {
    this.readyState = 1;
    this.emit('open', {});
  }
  receive(message: ServerMessage) {
    this.emit('message', { data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit('close', { code });
  }

  private emit(type: string, event: { data?: unknown; code?: number }) {
    for (const h of [...this.handlers]) {
      if (h.type !== type) continue;
      if (h.once) this.handlers.splice(this.handlers.indexOf(h), 1);
      h.fn(event);
    }
  }
}

/**
 * Replaces the global WebSocket with `FakeWebSocket` (undone by `vi.unstubAllGlobals()`), so code
 * that opens real sockets can be tested; returns every socket opened, oldest first.
 */
export function stubWebSocket(): { sockets: FakeWebSocket[]; latest: () => FakeWebSocket | undefined } {
  const sockets: FakeWebSocket[] = [];
  vi.stubGlobal(
    'WebSocket',
    class extends FakeWebSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    },
  );
  return { sockets, latest: () => sockets.at(-1) };
}
