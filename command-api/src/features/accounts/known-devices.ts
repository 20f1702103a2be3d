import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The device cookie: which accounts signed in on this browser before. Set at every successful
 * sign-in (httpOnly, signed with TOKEN_SECRET, a year long), it lets the owner's devices past an
 * account's lock for new devices (RATE_LIMIT_LOGIN_ACCOUNT) while a botnet, which never signed in,
 * stays locked out. It holds user ids only, and proves nothing by itself: the password is still checked.
 */
export const DEVICE_COOKIE = 'myworld_device';
const MAX_AGE_SECONDS = 365 * 24 * 3600;
/** Accounts remembered per device (newest first): a shared computer does not grow the cookie without end. */
const MAX_ACCOUNTS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, ids: string) =>
  createHmac('sha256', secret).update(`known-device:v1:${ids}`).digest('base64url');

/** The accounts a request's device cookie names, if its signature holds; [] otherwise. */
export function knownAccountsOf(request: FastifyRequest, secret: string): string[] {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value) return [];
  const [ids, sig, ...rest] = value.split('~');
  if (!ids || !sig || rest.length > 0) return [];
  const expected = Buffer.from(signature(secret, ids));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  return ids.split('.').filter((id) => UUID.test(id));
}

/** Whether this device signed in to `userId` before. */
export function isKnownDevice(request: FastifyRequest, secret: string, userId: string | null): boolean {
  return userId !== null && knownAccountsOf(request, secret).includes(userId);
}

/** Remembers `userId` on this device (after a successful sign-in). */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  userId: string,
  secure: boolean,
): void {
  const ids = [userId, ...knownAccountsOf(request, secret).filter((id) => id !== userId)]
    .slice(0, MAX_ACCOUNTS)
    .join('.');
  reply.setCookie(DEVICE_COOKIE, `${ids}~${signature(secret, ids)}`, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: MAX_AGE_SECONDS,
  });
}
