/** User-facing texts that belong to no feature: sign-in, origin and server failures. Each is defined once here. */
export const PLATFORM_MESSAGES = {
  signInRequired: 'Please sign in first.',
  crossOriginRefused: 'This request came from another site and was refused.',
  internalError: 'Something went wrong on our side. Please try again.',
  /** A dependency the request needs (e.g. the session store) cannot be reached. */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  /** Input holding a NUL character or half of a surrogate pair, in any string (safe-text.ts). */
  unsafeText: 'Text may not contain NUL characters or unpaired surrogates.',
  /** A multipart/form-data body the parser cannot read (a broken boundary, a truncated part). */
  malformedForm: 'The form could not be read: send a well-formed multipart/form-data body.',
  /** Only when a validation failure names no issue, which zod never does in practice. */
  invalidRequest: 'This request is not valid.',
  /** A `?cursor=` that no list gave out (malformed, or another list's). */
  badCursor: 'This cursor is not one this list gave out; start again from the first page.',
  /** Any rate limit (HTTP or socket) that has no text of its own. */
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  /** A /ws socket over its user's (or address's) socket limit. */
  tooManySockets: 'Too many open connections. Please close other tabs and try again.',
  /** A /ws socket whose session was signed out or revoked. */
  sessionRevoked: 'Your session has ended. Please sign in again.',
} as const;
