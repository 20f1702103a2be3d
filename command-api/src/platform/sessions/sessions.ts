import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Redis } from 'ioredis';
import { PLATFORM_MESSAGES } from '@myworld/schemas';
import { DomainError } from '../commands/domain-error.ts';
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
export async function registerSessions(
  app: FastifyInstance,
  deps: { redis: Redis; publicUrl: string; idleSeconds?: number },
): Promise<Sessions> {
  const store = new SessionStore(deps.redis, deps.idleSeconds === undefined ? {} : { idleSeconds: deps.idleSeconds });
  const secure = deps.publicUrl.startsWith('https:');
  await app.register(fastifyCookie);
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
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

/** 503 when the session store (Redis) cannot be reached. */
export function sessionsUnavailable(): DomainError {
  return new DomainError('service_unavailable', PLATFORM_MESSAGES.serviceUnavailable, 503);
}
