import type { FastifyReply } from 'fastify';
import type { Position } from '@myworld/schemas';
import type { ApiServices } from '../services.ts';
import type { Sessions } from '../sessions/current-user.ts';
import { TooManyAttemptsError, type AttemptLimiter } from './attempt-limiter.ts';

/** What every accounts route needs. */
export interface AccountsDeps {
  readonly services: ApiServices;
  readonly sessions: Sessions;
  readonly limiter: AttemptLimiter;
}

export const USERS_READ_MODEL = 'users';

/**
 * The web client reads the user right after signing in, registering or changing privacy without
 * sending X-Min-Position, so these commands answer only once the users read model has their
 * event (bounded by MIN_POSITION_WAIT_MS; after that the answer goes out anyway).
 */
export async function waitForUsersModel(deps: AccountsDeps, position: Position | null): Promise<void> {
  if (position) await deps.services.readModels.waitFor(USERS_READ_MODEL, position, deps.services.config.MIN_POSITION_WAIT_MS);
}

/** Runs a limiter check and puts Retry-After on the 429 it may raise. */
export async function withRetryAfter(reply: FastifyReply, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
