import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';

/**
 * Server-only accounts code (node:crypto, secrets), exported from `@myworld/schemas/server`:
 * the emailed tokens, the email digest that names reservation streams, and the secrets
 * (TOKEN_SECRET, PERSONAL_DATA_SECRET) the API and the workers share.
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
// Email reservation streams are named `email-{emailDigest}`: stream names stay in the log for good
// and cannot be encrypted, so they hold a keyed hash of the normalised address, never the address.
// Sign-up uniqueness and sign-in by email only need to find the stream again from the address.

export function emailDigest(secret: string, normalisedEmail: string): string {
  return createHmac('sha256', secret).update(`email:${normalisedEmail}`).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// TOKEN_SECRET keys the tokens above (the API and the workers must use the same one);
// PERSONAL_DATA_SECRET keys the email digest and derives the key-encryption key of the personal-data
// keys (eventstore/src/personal-data/key-wrapping.ts). It must never change once accounts exist
// (their email streams would no longer be found, their keys no longer open), so it is apart from
// TOKEN_SECRET, which may be rotated.

export const DEVELOPMENT_TOKEN_SECRET = 'myworld-development-token-secret-change-me-in-production';
export const DEVELOPMENT_PERSONAL_DATA_SECRET = 'myworld-development-personal-data-secret-change-me';

export const accountsConfigShape = {
  /** At least 32 characters. Default: DEVELOPMENT_TOKEN_SECRET (refused in production). */
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').default(DEVELOPMENT_TOKEN_SECRET),
  /** At least 32 characters, never changed once set. Default: DEVELOPMENT_PERSONAL_DATA_SECRET (refused in production). */
  PERSONAL_DATA_SECRET: z
    .string()
    .min(32, 'PERSONAL_DATA_SECRET must be at least 32 characters')
    .default(DEVELOPMENT_PERSONAL_DATA_SECRET),
};

/** For processes that read personal data but have no TOKEN_SECRET or HOST (projections, scripts): PERSONAL_DATA_SECRET alone. */
export const personalDataSecretShape = { PERSONAL_DATA_SECRET: accountsConfigShape.PERSONAL_DATA_SECRET };

/** The development PERSONAL_DATA_SECRET is public: refused in production (it wraps the personal-data keys). */
export function assertPersonalDataSecret(config: { NODE_ENV: string; PERSONAL_DATA_SECRET: string }): void {
  if (config.NODE_ENV === 'production' && config.PERSONAL_DATA_SECRET === DEVELOPMENT_PERSONAL_DATA_SECRET) {
    throw new Error('invalid configuration:\n  PERSONAL_DATA_SECRET: set a secret of your own in production');
  }
}

/** Whether HOST binds only this machine (127.0.0.0/8, ::1, localhost): development tools are safe there. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The development secrets are public (anyone could forge reset links, or test addresses against
 * email digests, with them): refused in production and whenever the process is bound to a
 * non-loopback HOST, whatever NODE_ENV says.
 */
export function assertProductionSecret(config: {
  NODE_ENV: string;
  TOKEN_SECRET: string;
  HOST: string;
  PERSONAL_DATA_SECRET?: string;
}): void {
  const defaults = [
    ['TOKEN_SECRET', config.TOKEN_SECRET === DEVELOPMENT_TOKEN_SECRET],
    ['PERSONAL_DATA_SECRET', config.PERSONAL_DATA_SECRET === DEVELOPMENT_PERSONAL_DATA_SECRET],
  ] as const;
  for (const [name, isDefault] of defaults) {
    if (!isDefault) continue;
    if (config.NODE_ENV === 'production') {
      throw new Error(`invalid configuration:\n  ${name}: set a secret of your own in production`);
    }
    if (!isLoopbackHost(config.HOST)) {
      throw new Error(
        `invalid configuration:\n  ${name}: set a secret of your own when HOST (${config.HOST}) is not a loopback address`,
      );
    }
  }
}
