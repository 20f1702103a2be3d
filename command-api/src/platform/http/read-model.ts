import type { FastifyInstance } from 'fastify';
import { POSITION_HEADERS, positionText } from '@myworld/schemas';
import type { ReadModels } from '@myworld/projections';
import { DomainError } from '../commands/domain-error.ts';

/**
 * Read-your-writes, the one mechanism: a command answers with its position (`X-Position`); the
 * client sends the last one back as `X-Min-Position` on its next query. A route that declares
 * `config.readModel` then waits until that projection (each, when it names several) has passed the
 * position, at most `maxWaitMs`; if one has not by then the answer is still served, marked
 * `X-Read-Model-Stale: true`.
 * Runs after validation, before the handler.
 */
export function registerReadModelWait(app: FastifyInstance, readModels: ReadModels, maxWaitMs: number): void {
  app.addHook('preHandler', async (request, reply) => {
    const declared = request.routeOptions.config.readModel;
    if (!declared) return;
    const header = request.headers['x-min-position'];
    if (typeof header !== 'string' || header.length === 0) return;
    const parsed = positionText.safeParse(header);
    if (!parsed.success) {
      throw new DomainError(
        'validation_failed',
        `${POSITION_HEADERS.minPosition} ${parsed.error.issues[0]!.message}`,
        400,
        POSITION_HEADERS.minPosition,
      );
    }
    const names: readonly string[] = typeof declared === 'string' ? [declared] : declared;
    const caughtUp = await Promise.all(names.map((name) => readModels.waitFor(name, parsed.data, maxWaitMs)));
    if (!caughtUp.every(Boolean)) reply.header(POSITION_HEADERS.stale, 'true');
  });
}
