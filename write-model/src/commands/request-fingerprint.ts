import { createHmac } from 'node:crypto';

/** JSON with object keys sorted at every depth, so equal bodies give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * What an Idempotency-Key is bound to: the method, the route pattern and the canonical body.
 * Bodies carry passwords, so a plain sha256 stored in the log would let anyone who reads the log
 * test password guesses offline at hash speed. It is an HMAC-SHA256 keyed by TOKEN_SECRET instead:
 * without the secret the fingerprint reveals nothing, and the whole body (password included) is
 * covered, so a retry with another password is told apart from the stored request.
 */
export function requestFingerprint(secret: string, method: string, route: string, body: unknown): string {
  return createHmac('sha256', secret)
    .update(`${method.toUpperCase()}\n${route}\n${canonicalJson(body)}`)
    .digest('base64url');
}
