import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';

/**
 * Server-only accounts code (node:crypto, secrets), exported from `@myworld/schemas/server`:
 * the emailed tokens and the TOKEN_SECRET setting the API and the workers share.
 */

// ---------------------------------------------------------------------------------------------
// Emailed tokens (verification and password reset)
//
// The log stores a random `tokenId` and sha256(token); only a holder of TOKEN_SECRET can turn the
// id into the token, so the email worker can build the link while nobody reading the log can. The
// token starts with the user id so the API finds the user's stream without a read model:
//   token = "{userId}.{base64url(HMAC-SHA256(TOKEN_SECRET, tokenId))}"

export function emailToken(secret: string, userId: string, tokenId: string): string {
  return `${userId}.${createHmac('sha256', secret).update(tokenId).digest('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]{43}$/;

/** The user id a token names, or null when the text is not shaped like a token. */
export function userIdOfToken(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

// ---------------------------------------------------------------------------------------------
// TOKEN_SECRET: keys the HMAC above; the API and the workers must use the same one.

export const DEVELOPMENT_TOKEN_SECRET = 'myworld-development-token-secret-change-me-in-production';

export const accountsConfigShape = {
  /** At least 32 characters. Default: DEVELOPMENT_TOKEN_SECRET (refused in production). */
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').default(DEVELOPMENT_TOKEN_SECRET),
};

/** Whether HOST binds only this machine (127.0.0.0/8, ::1, localhost): development tools are safe there. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The development TOKEN_SECRET is public (anyone could forge reset links with it): refused in
 * production and whenever the process is bound to a non-loopback HOST, whatever NODE_ENV says.
 */
export function assertProductionSecret(config: { NODE_ENV: string; TOKEN_SECRET: string; HOST: string }): void {
  if (config.TOKEN_SECRET !== DEVELOPMENT_TOKEN_SECRET) return;
  if (config.NODE_ENV === 'production') {
    throw new Error('invalid configuration:\n  TOKEN_SECRET: set a secret of your own in production');
  }
  if (!isLoopbackHost(config.HOST)) {
    throw new Error(`invalid configuration:\n  TOKEN_SECRET: set a secret of your own when HOST (${config.HOST}) is not a loopback address`);
  }
}
