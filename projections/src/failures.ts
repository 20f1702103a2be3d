import pg from 'pg';
import { formatPosition } from '@myworld/schemas';
import type { RecordedEvent } from '@myworld/eventstore';

/** Longest error text kept in the registry. */
const MAX_ERROR_LENGTH = 2_000;

/**
 * A handler could not apply `event` (a payload its schema rejects, a bug, a constraint the event
 * breaks). Applying it again gives the same error, so the projection stops alone, marked failed
 * at this event, until a fixed version or a replay replaces its generation.
 */
export class ProjectionEventError extends Error {
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(
      `projection ${projection} failed at ${formatPosition(event.position)} on ${event.type} (${event.stream}@${event.version}): ${messageOf(cause)}`,
    );
    this.name = 'ProjectionEventError';
  }

  /** What the registry keeps: the event and the handler's own message. */
  get reason(): string {
    return `${this.event.type} (${this.event.stream}@${this.event.version}): ${messageOf(this.cause)}`.slice(
      0,
      MAX_ERROR_LENGTH,
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** SQLSTATE classes that say nothing about the event: connection, rollback, resources, shutdown, system. */
const TRANSIENT_SQLSTATE_CLASSES = new Set(['08', '40', '53', '57', '58', 'XX']);
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/**
 * Whether an error comes from the infrastructure (the database went away, a deadlock) rather than
 * from the event: such errors are retried by restarting, never recorded as a failed projection.
 */
export function isTransientError(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return TRANSIENT_SQLSTATE_CLASSES.has((error.code ?? '').slice(0, 2));
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && TRANSIENT_NODE_CODES.has(code)) return true;
  return /connection terminated|connection timeout|timeout exceeded when trying to connect|client was closed|client has encountered a connection error/i.test(
    error.message,
  );
}
