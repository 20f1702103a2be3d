/** User-facing texts that belong to no feature: sign-in, origin and server failures. Each is defined once here. */
export const PLATFORM_MESSAGES = {
  signInRequired: 'Please sign in first.',
  crossOriginRefused: 'This request came from another site and was refused.',
  internalError: 'Something went wrong on our side. Please try again.',
  /** Only when a validation failure names no issue, which zod never does in practice. */
  invalidRequest: 'This request is not valid.',
  /** Any rate limit (HTTP or socket) that has no text of its own. */
  rateLimited: 'Too many requests. Please wait a moment and try again.',
} as const;
