import WebSocket from 'ws';
import { serverMessage, type ClientMessage, type ServerMessage } from '@myworld/schemas';

/** A /ws client that keeps every server message (each checked against the shared schema). */
export interface TestSocket {
  readonly messages: ServerMessage[];
  send(message: ClientMessage | Record<string, unknown>): void;
  sendRaw(text: string): void;
  /** The first message of `type` (already received or arriving) that `match` accepts. */
  next<T extends ServerMessage['type']>(
    type: T,
    match?: (m: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: T }>>;
  /** Sends a media request and resolves with its response data (rejects with the error message). */
  request(message: Record<string, unknown> & { type: string }): Promise<any>;
  close(): Promise<void>;
}

let requestCounter = 0;

/** Opens /ws on `baseUrl` (an API instance's address) with a session cookie and an Origin, as a page would. */
export async function openTestSocket(baseUrl: string, cookie?: string, origin?: string): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws`;
  const socket = new WebSocket(url, { headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) } });
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(serverMessage.parse(JSON.parse(data.toString())));
    for (const w of [...waiters]) w();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  const next: TestSocket['next'] = (type, match = () => true, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find((m) => m.type === type && match(m as never));
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found as never);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.type))}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    messages,
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (text) => socket.send(text),
    next,
    async request(message) {
      const requestId = `r${++requestCounter}`;
      socket.send(JSON.stringify({ ...message, requestId }));
      const answer = await Promise.race([
        next('media_response', (m) => m.requestId === requestId),
        next('error', (m) => m.requestId === requestId),
      ]);
      if (answer.type === 'error') throw Object.assign(new Error(answer.message), { code: answer.code });
      return answer.data;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}
