import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { PLATFORM_MESSAGES } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;
/** Methods Fastify never parses a body for. */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * multipart/form-data (a form with a file), for the routes that declare `config.multipart` and no
 * other. Fastify keeps body parsers per instance, not per route, so the parser is app-wide; every
 * other route refuses such a body with the same 415 as before it existed, after the auth hooks as
 * before. The parser reads nothing: the route streams the parts itself (`request.parts()` with its
 * own limits), so no body limit applies here and a file never sits whole in memory.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { parts: 20, files: 1, fields: 10, fieldSize: 64 * 1024, headerPairs: 100 },
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.routeOptions.config.multipart || BODYLESS.has(request.method)) return payload;
    if (MULTIPART.test(request.headers['content-type'] ?? '')) throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
    return payload;
  });
}

/**
 * A multipart route's parts, as `request.parts()` gives them, except that a body the parser cannot
 * read (a broken boundary, a truncated part) is a 400 naming the body: the parser's own errors carry
 * no status and would otherwise answer 500. Refusals that have one (limits, 413) pass as they are.
 */
export async function* formParts(
  request: FastifyRequest,
  limits: NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'],
): AsyncGenerator<Multipart> {
  const parts = request.parts({ limits })[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      let step: IteratorResult<Multipart>;
      try {
        step = await parts.next();
      } catch (error) {
        finished = true;
        throw asFormRefusal(error);
      }
      if (step.done) {
        finished = true;
        return;
      }
      yield step.value;
    }
  } finally {
    // Left early (a refusal in the route's loop): the parser's iterator is closed as for-await would.
    if (!finished) await parts.return?.(undefined);
  }
}

/**
 * An error the multipart parser raised while reading the body (here or in a file part's stream), as
 * the answer it deserves: a 400 naming the body when it carries no status (a malformed form), else
 * itself.
 */
export function asFormRefusal(error: unknown): unknown {
  if (error instanceof DomainError || typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number')
    return error;
  return new DomainError('malformed_form', PLATFORM_MESSAGES.malformedForm, 400, 'body');
}

/** A file part's bytes; the parser's errors while streaming them become refusals (asFormRefusal). */
export async function* formFileChunks(file: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const chunks = file[Symbol.asyncIterator]();
  for (;;) {
    let step: IteratorResult<Buffer>;
    try {
      step = await chunks.next();
    } catch (error) {
      throw asFormRefusal(error);
    }
    if (step.done) return;
    yield step.value;
  }
}
