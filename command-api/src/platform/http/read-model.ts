import type { FastifyInstance } from 'fastify';
import { POSITION_HEADERS, laterPosition, positionText, type Position } from '@myworld/schemas';
import type { ReadModels } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { readModelsOf } from './route.ts';

/**
 * Read-your-writes, the one mechanism: a command answers with its position (`X-Position`), and the
 * session keeps it as its last write (platform/sessions). A route that declares `config.readModel`
 * waits until that projection (each, when it names several) has passed the later of the session's
 * last write and the request's `X-Min-Position` (a client's way to read what another session
 * wrote), at most `maxWaitMs`. If one has not by then, the answer is still served from what the
 * read model has, marked `X-Read-Model-Stale: true`. A request with neither (a visitor, a session
 * that wrote nothing) does not wait at all.
 * Runs after validation, before the handler.
 */
export function registerReadModelWait(app: FastifyInstance, readModels: ReadModels, maxWaitMs: number): void {
  app.addHook('preHandler', async (request, reply) => {
    const names = readModelsOf(request.routeOptions.config.readModel);
    if (names.length === 0) return;
    const target = laterPosition(request.sessionLastWrite, minPositionHeader(request.headers['x-min-position']));
    if (!target) return;
    const caughtUp = await Promise.all(names.map((name) => readModels.waitFor(name, target, maxWaitMs)));
    if (!caughtUp.every(Boolean)) reply.header(POSITION_HEADERS.stale, 'true');
  });
}

/** The request's X-Min-Position (null when absent); a malformed one is a 400 naming the header. */
function minPositionHeader(header: string | string[] | undefined): Position | null {
  if (typeof header !== 'string' || header.length === 0) return null;
  const parsed = positionText.safeParse(header);
  if (parsed.success) return parsed.data;
  throw new DomainError(
    'validation_failed',
    `${POSITION_HEADERS.minPosition} ${parsed.error.issues[0]!.message}`,
    400,
    POSITION_HEADERS.minPosition,
  );
}
