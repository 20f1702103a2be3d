import { z } from 'zod';

/** Who caused an event and how: kept on every event so analysts and moderators can audit it. */
export const eventMetadata = z.object({
  actorId: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  requestId: z.string().nullable(),
  client: z
    .object({
      userAgentClass: z.enum(['browser', 'mobile', 'bot', 'cli', 'unknown']),
      country: z.string().nullable(),
    })
    .nullable(),
  idempotencyKey: z.string().nullable().optional(),
  /** Keyed hash of the request (method, route, canonical body) that appended an idempotent run; a reused key with another one is refused. */
  requestFingerprint: z.string().nullable().optional(),
  timestamp: z.string(),
});
export type EventMetadata = z.infer<typeof eventMetadata>;

/** The metadata actor of events the platform itself causes (e.g. a stream ended by the SFU). */
export const SYSTEM_ACTOR = 'system';
