import type { FastifyReply, FastifyRequest } from 'fastify';
import { positionText } from '@myworld/schemas';
import type { ReadModels } from '@myworld/projections';
import { DomainError } from '../commands/domain-error.ts';

/**
 * Read-your-writes: when the request carries X-Min-Position (the position a command answered
 * with), wait until the projection `name` has passed it, at most `maxWaitMs`. If it has not by
 * then the answer is still served, marked `X-Read-Model-Stale: true`.
 */
export async function awaitMinPosition(
  request: FastifyRequest,
  reply: FastifyReply,
  readModels: ReadModels,
  name: string,
  maxWaitMs: number,
): Promise<void> {
  const header = request.headers['x-min-position'];
  if (typeof header !== 'string' || header.length === 0) return;
  const parsed = positionText.safeParse(header);
  if (!parsed.success) throw new DomainError('validation_failed', `X-Min-Position ${parsed.error.issues[0]!.message}`, 400, 'X-Min-Position');
  const position = parsed.data;
  const reached = await readModels.waitFor(name, position, maxWaitMs);
  if (!reached) reply.header('x-read-model-stale', 'true');
}
