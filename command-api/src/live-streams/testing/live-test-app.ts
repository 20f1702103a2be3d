import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/contract/sample-events';
import { ProjectionRunner } from '@myworld/projections';
import { liveStreamsProjection } from '@myworld/projections/live-streams/live-streams.projection';
import { START, serverMessage, type ClientMessage, type ServerMessage } from '@myworld/schemas';
import { buildApp } from '../../app.ts';
import { loadApiConfig } from '../../config.ts';
import { closeServices, openServices, type ApiServices } from '../../services.ts';
import { SessionStore } from '../../sessions/session-store.ts';
import { SESSION_COOKIE } from '../../sessions/session-cookie.ts';

/** One API instance listening on a free port, against the given database, with the live_streams projection running. */
export interface LiveTestInstance {
  readonly app: FastifyInstance;
  readonly services: ApiServices;
  readonly baseUrl: string;
  close(): Promise<void>;
}

export async function startLiveTestInstance(databaseUrl: string, options: { projections?: boolean } = {}): Promise<LiveTestInstance> {
  process.env.SFU_WORKERS ??= '1';
  process.env.SFU_LOG_LEVEL ??= 'error';
  const config = loadApiConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', WEB_DIST: 'no-such-dir', NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:9' });
  const services = await openServices(config, pino({ level: 'silent' }));
  let runner: ProjectionRunner | undefined;
  if (options.projections !== false) {
    runner = new ProjectionRunner({ store: services.store, db: services.db, databaseUrl, projections: [liveStreamsProjection], logger: services.logger });
    await runner.start();
    await services.readModels.waitFor('live_streams', START, 10_000);
  }
  const app = await buildApp(services);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    services,
    baseUrl: address,
    async close() {
      await app.close();
      await runner?.stop();
      await closeServices(services);
    },
  };
}

/** A registered user (UserRegistered appended as accounts would) with a session cookie. */
export async function signedInUser(services: ApiServices, username: string): Promise<{ userId: string; username: string; cookie: string }> {
  const userId = randomUUID();
  await services.store.append(`user-${userId}`, expected.noStream, [
    {
      id: randomUUID(),
      type: 'UserRegistered',
      data: { userId, username, firstName: 'Test', lastName: username, email: `${username}@example.test`, birthDate: '1990-01-01', passwordHash: 'x', registeredAt: new Date().toISOString() },
      metadata: testMetadata(),
    },
  ]);
  const sessionId = await new SessionStore(services.redis).create(userId);
  return { userId, username, cookie: `${SESSION_COOKIE}=${sessionId}` };
}

/** A /ws client that keeps every server message (each checked against the shared schema). */
export interface TestSocket {
  readonly messages: ServerMessage[];
  send(message: ClientMessage | Record<string, unknown>): void;
  sendRaw(text: string): void;
  /** The first message (already received or arriving) that matches, after `from` (index). */
  next<T extends ServerMessage['type']>(type: T, match?: (m: Extract<ServerMessage, { type: T }>) => boolean, timeoutMs?: number): Promise<Extract<ServerMessage, { type: T }>>;
  /** Sends a media request and resolves with its response data (rejects with the error message). */
  request(message: Record<string, unknown> & { type: string }): Promise<any>;
  close(): Promise<void>;
}

let requestCounter = 0;

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
