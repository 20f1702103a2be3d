import { SYSTEM_ACTOR, type EventMetadata } from '@myworld/schemas';

/** A job's outcome event's metadata: the platform acted, caused by `causationId`, in the job's correlation. */
export function systemMetadata(cause: {
  readonly correlationId: string;
  readonly causationId: string | null;
}): EventMetadata {
  return {
    actorId: SYSTEM_ACTOR,
    correlationId: cause.correlationId,
    causationId: cause.causationId,
    requestId: null,
    client: null,
    timestamp: new Date().toISOString(),
  };
}
