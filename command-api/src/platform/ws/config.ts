import { z } from 'zod';

/** The /ws abuse limits (spread into the API's config schema). */
export const wsConfigShape = {
  /** Messages one socket may send per second (token bucket, bursts up to the same number); more get `error { code: 'rate_limited' }`. Default: 20. */
  WS_MAX_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Chat messages one user may post per 10 seconds, across all their sockets and API instances (Redis). Default: 5. */
  WS_MAX_CHAT_PER_10S: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Open sockets per signed-in user, across API instances; more are closed with `error { code: 'too_many_sockets' }`. Default: 10. */
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Open visitor (not signed-in) sockets per client address, across API instances. Default: 30. */
  WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Seconds a socket's presence (viewer count, socket counts) outlives its last refresh; refreshed every third of it while connected. Default: 60. */
  WS_PRESENCE_TTL_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
};

export interface WsLimits {
  readonly WS_MAX_MESSAGES_PER_SECOND: number;
  readonly WS_MAX_CHAT_PER_10S: number;
  readonly WS_MAX_SOCKETS_PER_USER: number;
  readonly WS_MAX_SOCKETS_PER_ADDRESS: number;
  readonly WS_PRESENCE_TTL_SECONDS: number;
}

export const defaultWsLimits: WsLimits = z.object(wsConfigShape).parse({});
