import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Redis } from 'ioredis';
import { SessionStore } from './session-store.ts';
import { SESSION_COOKIE, clearSessionCookie, sessionIdFromCookieHeader, setSessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor (set from the session cookie). */
    userId: string | null;
    sessionId: string | null;
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
 * Reads the session cookie on every request and sets `request.userId` (null for visitors).
 * Register before the auth hook and every route. Sessions live in Redis; the cookie holds an id.
 */
export async function registerSessions(app: FastifyInstance, deps: { redis: Redis; publicUrl: string }): Promise<Sessions> {
  const store = new SessionStore(deps.redis);
  const secure = deps.publicUrl.startsWith('https:');
  await app.register(fastifyCookie);
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return;
    const session = await store.get(id);
    if (session) {
      request.userId = session.userId;
      request.sessionId = id;
    }
  });
  return {
    store,
    async signIn(reply, userId) {
      setSessionCookie(reply, await store.create(userId), secure);
    },
    async signOut(request, reply) {
      if (request.sessionId) await store.destroy(request.sessionId);
      clearSessionCookie(reply, secure);
    },
    async userIdFromCookieHeader(header) {
      const id = sessionIdFromCookieHeader(header);
      return id ? ((await store.get(id))?.userId ?? null) : null;
    },
  };
}
