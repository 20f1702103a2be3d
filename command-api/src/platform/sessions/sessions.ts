import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Redis } from 'ioredis';
import { PLATFORM_MESSAGES, POSITION_HEADERS, positionText, type Position } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { SessionStore } from '@myworld/write-model/sessions';
import { SESSION_COOKIE, clearSessionCookie, sessionIdFromCookieHeader, setSessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor (set from the session cookie). */
    userId: string | null;
    sessionId: string | null;
    /**
     * The latest position a command of this session answered with (null: a visitor, or no write
     * yet). Query routes wait for it (platform/http/read-model.ts): a session reads its own writes.
     */
    sessionLastWrite: Position | null;
  }
}

export interface Sessions {
  readonly store: SessionStore;
  /** Starts a session for `userId` and sets its cookie. */
  signIn(reply: FastifyReply, userId: string): Promise<void>;
  /** Ends the request's session and clears its cookie. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The user behind a raw Cookie header (used by the /ws upgrade). */
  userIdFromCookieHeader(header: string | undefined): Promise<string | null>;
}

/**
 * Reads the session cookie on every request and sets `request.userId` (null for visitors) and
 * `request.sessionLastWrite`. Register before the auth hook and every route. Sessions live in
 * Redis; the cookie holds an id.
 *
 * Every answer that carries an `X-Position` (a command that recorded events) first keeps that
 * position as the session's last write, before the answer leaves: the session's next read, on
 * any API instance, already waits for it, whether or not the client echoes the header.
 */
export async function registerSessions(
  app: FastifyInstance,
  deps: { redis: Redis; publicUrl: string; idleSeconds?: number },
): Promise<Sessions> {
  const store = new SessionStore(deps.redis, deps.idleSeconds === undefined ? {} : { idleSeconds: deps.idleSeconds });
  const secure = deps.publicUrl.startsWith('https:');
  await app.register(fastifyCookie);
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionLastWrite', null);
  app.addHook('onRequest', async (request) => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return;
    let session;
    try {
      session = await store.get(id);
    } catch (error) {
      // Redis is unreachable: a route that needs a user cannot know one (503); anything open to
      // visitors (static pages, health) goes on as for a visitor.
      request.log.warn({ err: error }, 'session lookup failed');
      if (request.routeOptions.config?.auth === 'visitor' || request.routeOptions.config?.auth === undefined) return;
      throw sessionsUnavailable();
    }
    if (session) {
      request.userId = session.userId;
      request.sessionId = id;
      request.sessionLastWrite = session.lastWrite;
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.sessionId) return;
    // Most answers (every read) carry none: a failed parse would build an error for each.
    const header = reply.getHeader(POSITION_HEADERS.position);
    if (header === undefined) return;
    const position = positionText.safeParse(header);
    if (!position.success) return;
    try {
      await store.recordWrite(request.sessionId, position.data);
    } catch (error) {
      // The command is done and its answer still carries X-Position (a client may echo it as
      // X-Min-Position); failing the answer would only invite a retry of something that happened.
      request.log.warn({ err: error }, "could not keep the session's last write");
    }
  });
  return {
    store,
    async signIn(reply, userId) {
      const id = await store.create(userId).catch((error: unknown) => {
        reply.log.warn({ err: error }, 'session creation failed');
        throw sessionsUnavailable();
      });
      setSessionCookie(reply, id, secure);
      // The answer belongs to the new session: its position is kept there (see onSend above).
      reply.request.sessionId = id;
    },
    async signOut(request, reply) {
      if (request.sessionId) await store.destroy(request.sessionId);
      request.sessionId = null;
      clearSessionCookie(reply, secure);
    },
    async userIdFromCookieHeader(header) {
      const id = sessionIdFromCookieHeader(header);
      return id ? ((await store.get(id))?.userId ?? null) : null;
    },
  };
}

/** 503 when the session store (Redis) cannot be reached. */
export function sessionsUnavailable(): DomainError {
  return new DomainError('service_unavailable', PLATFORM_MESSAGES.serviceUnavailable, 503);
}
