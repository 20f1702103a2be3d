import type { FastifyReply } from 'fastify';
import { SESSION_TTL_SECONDS } from '@myworld/write-model/sessions';

export const SESSION_COOKIE = 'myworld_sid';

/** httpOnly (no script can read it), SameSite=Lax (no cross-site POSTs), Secure over https. */
export function setSessionCookie(reply: FastifyReply, id: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Reads the session id from a raw Cookie header (WebSocket upgrades have no Fastify reply). */
export function sessionIdFromCookieHeader(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}
