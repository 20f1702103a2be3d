import { createHash, createHmac } from 'node:crypto';

/**
 * Emailed tokens (verification and password reset). The log stores a random `tokenId` and
 * sha256(token); only a holder of TOKEN_SECRET can turn the id into the token, so the email
 * worker can build the link while nobody reading the log can. The token starts with the user id
 * so the API finds the user's stream without a read model:
 *   token = "{userId}.{base64url(HMAC-SHA256(TOKEN_SECRET, tokenId))}"
 * Uses node:crypto, so it is not exported from the package index (the web client never needs it).
 */
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
